import { assetFormSchema, moneyRegisterSchema, timeRegisterSchema } from "@valoriza/domain";
import type { FastifyBaseLogger } from "fastify";
import type { AppDeps } from "../lib/deps.ts";
import { createAssetsService } from "../modules/assets/assets.service.ts";
import { countUsers, updateUser } from "../modules/users/users.repository.ts";
import { createUsersService } from "../modules/users/users.service.ts";

export const DEMO_PASSWORD = "valoriza123";

export const DEMO_USERS = [
  { name: "Ana", apellido: "Gómez", email: "ana@valoriza.co", ciudad: "Bogotá", departamento: "Cundinamarca" },
  { name: "Carlos", apellido: "Restrepo", email: "carlos@valoriza.co", ciudad: "Medellín", departamento: "Antioquia" },
  { name: "Lucía", apellido: "Martínez", email: "lucia@valoriza.co", ciudad: "Cali", departamento: "Valle del Cauca" },
  { name: "Andrés", apellido: "Pérez", email: "andres@valoriza.co", ciudad: "Barranquilla", departamento: "Atlántico" },
] as const;

/** Demo data, only on an empty database. Returns whether it seeded. */
export async function seedDemo(deps: AppDeps, log?: FastifyBaseLogger): Promise<boolean> {
  if ((await countUsers(deps.db)) > 0) return false;
  const users = createUsersService(deps);
  const assets = createAssetsService(deps);
  const year = deps.clock.now().getUTCFullYear();
  const noKey = { key: undefined, route: "seed", body: null };
  let count = 0;
  for (const [i, d] of DEMO_USERS.entries()) {
    const u = await users.register({ name: d.name, apellido: d.apellido, email: d.email, password: DEMO_PASSWORD });
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
      await assets.create(who, input, noKey);
      count++;
    }
    if (i === 0) {
      const time = timeRegisterSchema.parse({
        tipo: "Clases de inglés",
        horas: 4,
        especializado: false,
        descripcion: "Conversación para principiantes, virtual o en Chapinero.",
      });
      await assets.registerTime(who, time, noKey);
      count++;
    }
    if (i === 1) {
      const money = moneyRegisterSchema.parse({
        monto: 300_000,
        tipo: "inversion",
        descripcion: "Fondo para la huerta comunitaria de Laureles.",
      });
      await assets.registerMoney(who, money, noKey);
      count++;
    }
  }
  log?.info({ users: DEMO_USERS.length, assets: count }, "datos de demostración creados");
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
