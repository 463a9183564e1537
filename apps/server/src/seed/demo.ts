import { assetFormSchema, colombiaToday, moneyRegisterSchema, timeRegisterSchema } from "@valoriza/domain";
import type { FastifyBaseLogger } from "fastify";
import type { AppDeps } from "../lib/deps.ts";
import { createAssetsService } from "../modules/assets/index.ts";
import { createDealsEngine } from "../modules/deals/index.ts";
import { insertProducts } from "../modules/marketplace/index.ts";
import { createRentalsService } from "../modules/rentals/index.ts";
import { countUsers, createUsersService, grantAdmins, hashPassword, updateUser } from "../modules/users/index.ts";

export const DEMO_PASSWORD = "valoriza123";

export const DEMO_USERS = [
  { name: "Ana", apellido: "Gómez", email: "ana@valoriza.co", ciudad: "Bogotá", departamento: "Cundinamarca" },
  { name: "Carlos", apellido: "Restrepo", email: "carlos@valoriza.co", ciudad: "Medellín", departamento: "Antioquia" },
  { name: "Lucía", apellido: "Martínez", email: "lucia@valoriza.co", ciudad: "Cali", departamento: "Valle del Cauca" },
  { name: "Andrés", apellido: "Pérez", email: "andres@valoriza.co", ciudad: "Barranquilla", departamento: "Atlántico" },
] as const;

/** The demo's administrator (README): opens /admin and /retiros. */
export const DEMO_ADMIN = { name: "Valeria", apellido: "Admin", email: "admin@valoriza.co" } as const;

/** The official marketplace's demo products: two featured, one with limited stock, one unlimited. */
export const DEMO_PRODUCTS = [
  {
    nombre: "Bono de mercado Éxito",
    categoria: "Bonos",
    descripcion: "Bono de 50.000 COP para mercado en cualquier almacén Éxito del país.",
    creditos: 50,
    stock: -1,
    destacado: true,
  },
  {
    nombre: "Kit de huerta urbana",
    categoria: "Hogar",
    descripcion: "Semillas, sustrato y materas para empezar tu huerta en casa.",
    creditos: 35,
    stock: 3,
    destacado: true,
  },
  {
    nombre: "Recarga de transporte TransMilenio",
    categoria: "Movilidad",
    descripcion: "Recarga de 20.000 COP para tu tarjeta TuLlave.",
    creditos: 20,
    stock: 40,
  },
  {
    nombre: "Taller de finanzas personales",
    categoria: "Educación",
    descripcion: "Dos sesiones virtuales para organizar tu presupuesto.",
    creditos: 60,
    valorCOP: 65_000,
    stock: 12,
  },
];

/** The demo's rental (/alquilar): Carlos's guitar, 60 days from the seeding day. */
export const DEMO_RENTAL = {
  assetTitle: "Guitarra acústica Yamaha F310",
  pricePerDay: 8,
  days: 60,
  terms: "Se entrega con forro y afinador en El Poblado; se devuelve en el mismo estado. Mínimo un día.",
} as const;

/** Demo data, only on an empty database. Returns whether it seeded. */
export async function seedDemo(deps: AppDeps, log?: FastifyBaseLogger): Promise<boolean> {
  if ((await countUsers(deps.db)) > 0) return false;
  const users = createUsersService(deps);
  const assets = createAssetsService(deps);
  const year = deps.clock.now().getUTCFullYear();
  // Publishing needs no running engine (nothing moves); this engine only carries the process's table.
  const rentals = createRentalsService(deps, createDealsEngine(deps));
  let count = 0;
  let rentalsPublished = 0;
  // One argon2 hash of the shared demo password for every demo account (a hash costs ~100 ms).
  const demo = { demo: true, passwordHash: await hashPassword(DEMO_PASSWORD) };
  for (const [i, d] of DEMO_USERS.entries()) {
    // Demo people: no verification mail to made-up addresses, consent on record (no blocking dialog).
    const u = await users.register(
      { name: d.name, apellido: d.apellido, email: d.email, password: DEMO_PASSWORD, aceptaTerminos: true },
      demo,
    );
    await updateUser(deps.db, u._id, {
      ciudad: d.ciudad,
      departamento: d.departamento,
      pais: "Colombia",
      verified: true,
    });
    const who = { id: u._id, email: u.email, isAdmin: false };
    for (const g of DEMO_GOODS[i] ?? []) {
      const { age, ...rest } = g;
      const input = assetFormSchema.parse({
        ...rest,
        yearOfPurchase: year - age,
        origin: "personal",
        assetType: "bien",
      });
      const { asset } = await assets.create(who, input);
      count++;
      if (g.title === DEMO_RENTAL.assetTitle) {
        const today = colombiaToday(deps.clock.now());
        const end = new Date(Date.parse(`${today}T00:00:00Z`) + (DEMO_RENTAL.days - 1) * 24 * 60 * 60 * 1000);
        await rentals.create(who, {
          assetId: asset._id,
          pricePerDay: DEMO_RENTAL.pricePerDay,
          startDate: today,
          endDate: end.toISOString().slice(0, 10),
          terms: DEMO_RENTAL.terms,
        });
        rentalsPublished++;
      }
    }
    if (i === 0) {
      const time = timeRegisterSchema.parse({
        tipo: "Clases de inglés",
        horas: 4,
        especializado: false,
        descripcion: "Conversación para principiantes, virtual o en Chapinero.",
      });
      await assets.registerTime(who, time);
      count++;
    }
    if (i === 1) {
      const money = moneyRegisterSchema.parse({
        monto: 300_000,
        tipo: "inversion",
        descripcion: "Fondo para la huerta comunitaria de Laureles.",
      });
      await assets.registerMoney(who, money);
      count++;
    }
  }
  // The admin's desk (issue 11): an administrator account and the official marketplace's products.
  await users.register({ ...DEMO_ADMIN, password: DEMO_PASSWORD, aceptaTerminos: true }, demo);
  await grantAdmins(deps.db, [DEMO_ADMIN.email]);
  const products = await insertProducts(deps.db, deps.clock, DEMO_PRODUCTS);
  log?.info(
    { users: DEMO_USERS.length + 1, assets: count, products, rentals: rentalsPublished },
    "datos de demostración creados",
  );
  return true;
}

type DemoGood = {
  title: string;
  description: string;
  category: string;
  subcategory: string;
  condition: "nuevo" | "usado";
  physicalState: "excelente" | "bueno" | "regular" | "malo";
  age: number;
  baseValueCOP: number;
  mainPurpose: "intercambiar" | "vender" | "prestar" | "alquilar" | "donar" | "regalar";
  location: string;
};

const DEMO_GOODS: DemoGood[][] = [
  [
    {
      title: "Cámara Canon EOS Rebel T7",
      description: "Cámara réflex con lente 18-55 mm, dos baterías y maletín.",
      category: "Tecnología",
      subcategory: "Cámaras",
      condition: "usado",
      physicalState: "bueno",
      age: 3,
      baseValueCOP: 2_000_000,
      mainPurpose: "intercambiar",
      location: "Chapinero",
    },
    {
      title: "Bicicleta de ruta Specialized",
      description: "Talla 54, grupo Shimano 105, recién revisada.",
      category: "Deporte y Aventura",
      subcategory: "Ciclismo",
      condition: "usado",
      physicalState: "excelente",
      age: 2,
      baseValueCOP: 4_500_000,
      mainPurpose: "vender",
      location: "Usaquén",
    },
  ],
  [
    {
      title: "Taladro percutor DeWalt",
      description: "Taladro inalámbrico 20 V con dos baterías y brocas.",
      category: "Herramientas",
      subcategory: "Eléctricas",
      condition: "usado",
      physicalState: "bueno",
      age: 4,
      baseValueCOP: 650_000,
      mainPurpose: "prestar",
      location: "Laureles",
    },
    {
      title: "Guitarra acústica Yamaha F310",
      description: "Ideal para aprender; incluye forro y afinador.",
      category: "Instrumentos Musicales",
      subcategory: "Cuerdas",
      condition: "usado",
      physicalState: "regular",
      age: 6,
      baseValueCOP: 550_000,
      mainPurpose: "alquilar",
      location: "El Poblado",
    },
  ],
  [
    {
      title: "Sofá de tres puestos",
      description: "Tela gris, muy cómodo; se entrega en Cali.",
      category: "Muebles",
      subcategory: "Sala",
      condition: "usado",
      physicalState: "bueno",
      age: 5,
      baseValueCOP: 1_200_000,
      mainPurpose: "donar",
      location: "San Fernando",
    },
  ],
  [
    {
      title: "Libros de cálculo y física",
      description: "Stewart y Serway, ediciones recientes, sin subrayar.",
      category: "Libros y Educación",
      subcategory: "Universitarios",
      condition: "usado",
      physicalState: "excelente",
      age: 1,
      baseValueCOP: 300_000,
      mainPurpose: "regalar",
      location: "El Prado",
    },
  ],
];
