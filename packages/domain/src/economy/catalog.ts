/**
 * Catalogues of the registration screens: the 17 sell/loan categories
 * (overview §9), the goods catalogue served by GET /api/formularios/categorias
 * (categorias -> subcategorias -> especializaciones), the ratio text and the
 * purchase-year options.
 */
import { TASA_CAMBIO_COP } from "../constants.ts";
import { YEAR_OF_PURCHASE_MIN, YEAR_OPTIONS_RECENT } from "./constants.ts";
import { groupThousands } from "./format.ts";
import { normalizeSearch } from "./search.ts";

/** "Deporte y Aventura" -> "deporte-y-aventura"; "Bebé y Niños" -> "bebe-y-ninos". */
export function slugify(text: string): string {
  return normalizeSearch(text)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** The 17 sell/loan categories, in the spec's order (overview §9). */
export const CATEGORY_NAMES = [
  "Tecnología",
  "Vehículos",
  "Movilidad Personal",
  "Muebles",
  "Electrodomésticos",
  "Herramientas",
  "Ropa y Accesorios",
  "Joyas",
  "Relojes",
  "Deporte y Aventura",
  "Instrumentos Musicales",
  "Juguetes y Juegos",
  "Arte y Decoración",
  "Libros y Educación",
  "Mascotas",
  "Bebé y Niños",
  "Otros",
] as const;
export type CategoryName = (typeof CATEGORY_NAMES)[number];

export interface Category {
  /** Stable slug, e.g. "tecnologia". */
  id: string;
  nombre: CategoryName;
}

export const CATEGORIES: readonly Category[] = CATEGORY_NAMES.map((nombre) => ({ id: slugify(nombre), nombre }));

export interface Subcategoria {
  /** "<category id>-<slug>", e.g. "tecnologia-celulares-y-tablets". */
  id: string;
  nombre: string;
  especializaciones: string[];
}
export interface CategoriaCatalogo {
  id: string;
  nombre: CategoryName;
  subcategorias: Subcategoria[];
}

/** nombre de subcategoría -> especializaciones */
type RawCatalog = Record<CategoryName, Record<string, string[]>>;

const RAW_CATALOG: RawCatalog = {
  Tecnología: {
    "Celulares y Tablets": ["Android", "iPhone", "Tablets", "Accesorios para celular"],
    "Computadores y Portátiles": ["Portátiles", "Computadores de escritorio", "Monitores", "Componentes y periféricos"],
    "Audio y Video": ["Televisores", "Parlantes", "Audífonos", "Equipos de sonido"],
    "Videojuegos y Consolas": ["PlayStation", "Xbox", "Nintendo", "Juegos y accesorios"],
    "Cámaras y Fotografía": ["Cámaras digitales", "Lentes", "Drones", "Trípodes y accesorios"],
  },
  Vehículos: {
    Carros: ["Automóviles", "Camionetas", "Eléctricos e híbridos"],
    Motos: ["Motos de baja cilindrada", "Motos de alta cilindrada", "Motos eléctricas"],
    "Repuestos y Autopartes": ["Llantas y rines", "Baterías", "Repuestos de motor", "Accesorios"],
    "Vehículos de Trabajo": ["Camiones", "Furgones", "Remolques"],
  },
  "Movilidad Personal": {
    Bicicletas: ["Bicicletas de ruta", "Mountain bike (MTB)", "Bicicletas urbanas", "Bicicletas eléctricas"],
    "Patinetas y Scooters": ["Patinetas eléctricas", "Scooters", "Monopatines"],
    Patines: ["Patines en línea", "Patines de cuatro ruedas"],
    "Accesorios de Movilidad": ["Cascos", "Luces y candados", "Canastas y parrillas"],
  },
  Muebles: {
    Sala: ["Sofás", "Mesas de centro", "Muebles de TV", "Poltronas"],
    Comedor: ["Comedores", "Sillas", "Bifés"],
    Alcoba: ["Camas", "Colchones", "Clósets", "Mesas de noche"],
    Oficina: ["Escritorios", "Sillas de oficina", "Bibliotecas y estantes"],
    "Exterior y Jardín": ["Muebles de terraza", "Hamacas", "Parasoles"],
  },
  Electrodomésticos: {
    Cocina: ["Neveras", "Estufas y hornos", "Microondas", "Licuadoras", "Freidoras de aire"],
    Lavado: ["Lavadoras", "Secadoras", "Planchas"],
    Climatización: ["Ventiladores", "Aires acondicionados", "Calentadores"],
    "Aseo del Hogar": ["Aspiradoras", "Robots aspiradores", "Hidrolavadoras"],
    "Cuidado Personal": ["Secadores de pelo", "Planchas para el cabello", "Máquinas de afeitar"],
  },
  Herramientas: {
    "Herramientas Eléctricas": ["Taladros", "Pulidoras", "Sierras", "Atornilladores"],
    "Herramientas Manuales": ["Llaves y copas", "Destornilladores", "Martillos", "Alicates"],
    Jardinería: ["Guadañadoras", "Podadoras", "Mangueras y aspersores"],
    Construcción: ["Andamios", "Mezcladoras", "Escaleras", "Carretillas"],
    Medición: ["Niveles láser", "Flexómetros", "Multímetros"],
  },
  "Ropa y Accesorios": {
    "Ropa de Mujer": ["Vestidos", "Blusas", "Pantalones", "Chaquetas"],
    "Ropa de Hombre": ["Camisas", "Pantalones", "Chaquetas", "Trajes"],
    Calzado: ["Tenis", "Zapatos formales", "Botas", "Sandalias"],
    "Bolsos y Maletas": ["Bolsos", "Morrales", "Maletas de viaje"],
    Accesorios: ["Gafas de sol", "Cinturones", "Gorras y sombreros", "Bufandas"],
  },
  Joyas: {
    Anillos: ["Anillos de compromiso", "Argollas de matrimonio", "Anillos de plata"],
    "Collares y Cadenas": ["Cadenas de oro", "Collares de plata", "Dijes"],
    Aretes: ["Aretes de oro", "Aretes de plata", "Topos"],
    Pulseras: ["Pulseras de oro", "Pulseras de plata", "Tobilleras"],
    "Joyería Artesanal": ["Filigrana momposina", "Joyería en tagua", "Esmeraldas colombianas"],
  },
  Relojes: {
    "Relojes de Pulsera": ["Análogos", "Digitales", "Automáticos"],
    Smartwatches: ["Apple Watch", "Samsung Galaxy Watch", "Bandas deportivas"],
    "Relojes de Lujo": ["Suizos", "Edición limitada", "Vintage"],
    "Relojes de Pared y Mesa": ["Relojes de pared", "Despertadores", "Relojes de péndulo"],
  },
  "Deporte y Aventura": {
    "Fitness y Gimnasio": ["Pesas y mancuernas", "Máquinas de cardio", "Bandas elásticas", "Colchonetas"],
    "Camping y Montañismo": ["Carpas", "Sleeping bags", "Morrales de montaña", "Bastones de trekking"],
    "Deportes de Equipo": ["Fútbol", "Microfútbol", "Baloncesto", "Voleibol"],
    "Deportes Acuáticos": ["Natación", "Surf", "Kayak"],
    "Deportes de Raqueta": ["Tenis", "Squash", "Pádel", "Tenis de mesa"],
  },
  "Instrumentos Musicales": {
    Cuerdas: ["Guitarras acústicas", "Guitarras eléctricas", "Tiples", "Bajos", "Violines"],
    Percusión: ["Baterías", "Congas y bongós", "Cajones", "Tamboras"],
    "Teclados y Pianos": ["Pianos", "Teclados", "Controladores MIDI"],
    Vientos: ["Flautas", "Saxofones", "Trompetas", "Gaitas", "Acordeones vallenatos"],
    "Audio Profesional": ["Micrófonos", "Amplificadores", "Consolas de mezcla", "Interfaces de audio"],
  },
  "Juguetes y Juegos": {
    "Juegos de Mesa": ["Juegos de estrategia", "Juegos familiares", "Rompecabezas", "Parqués y dominó"],
    "Juguetes Didácticos": ["Bloques de construcción", "Juguetes Montessori", "Kits de ciencia"],
    "Muñecas y Figuras": ["Muñecas", "Figuras de acción", "Peluches"],
    "Vehículos de Juguete": ["Carros a control remoto", "Pistas", "Drones de juguete"],
    "Juguetes de Exterior": ["Columpios", "Piscinas inflables", "Triciclos"],
  },
  "Arte y Decoración": {
    "Pinturas y Cuadros": ["Óleos", "Acuarelas", "Láminas y afiches", "Fotografía enmarcada"],
    Esculturas: ["Madera", "Cerámica", "Metal"],
    Artesanías: ["Mochilas wayuu", "Sombreros vueltiaos", "Cerámica de Ráquira", "Hamacas de San Jacinto"],
    "Decoración del Hogar": ["Espejos", "Lámparas", "Tapetes", "Cojines"],
    "Materiales de Arte": ["Pinturas y pinceles", "Lienzos", "Caballetes"],
  },
  "Libros y Educación": {
    Libros: ["Literatura", "Literatura infantil", "Ciencia ficción y fantasía", "Historia"],
    "Textos Escolares y Universitarios": ["Primaria", "Bachillerato", "Universitarios", "Preparación Saber 11"],
    Idiomas: ["Inglés", "Francés", "Portugués"],
    "Material Didáctico": ["Calculadoras científicas", "Mapas y globos terráqueos", "Útiles escolares"],
    "Cómics y Revistas": ["Cómics", "Manga", "Revistas de colección"],
  },
  Mascotas: {
    Perros: ["Camas y casas", "Correas y arneses", "Ropa para perros", "Juguetes"],
    Gatos: ["Rascadores", "Areneras", "Juguetes"],
    "Peces y Acuarios": ["Acuarios", "Filtros y bombas", "Decoración para acuarios"],
    Aves: ["Jaulas", "Comederos y bebederos"],
    "Accesorios Generales": ["Guacales y transportadores", "Comederos automáticos", "Productos de aseo"],
  },
  "Bebé y Niños": {
    "Coches y Sillas": ["Coches", "Sillas para carro", "Sillas de comer"],
    "Cunas y Habitación": ["Cunas", "Corrales", "Monitores de bebé"],
    "Ropa Infantil": ["Bebé de 0 a 12 meses", "Niños de 1 a 3 años", "Niños de 4 a 10 años"],
    "Lactancia y Alimentación": ["Extractores de leche", "Teteros", "Esterilizadores"],
    "Paseo y Seguridad": ["Cargadores y fulares", "Caminadores", "Protectores y barandas"],
  },
  Otros: {
    Coleccionables: ["Monedas y billetes", "Estampillas", "Álbumes de láminas"],
    Antigüedades: ["Muebles antiguos", "Vajillas", "Objetos de época"],
    "Oficina y Papelería": ["Impresoras", "Archivadores", "Papelería"],
    Varios: ["Artículos para fiestas", "Artículos de temporada", "Otros artículos"],
  },
};

/**
 * The goods catalogue of the wizard, `categorias` of GET
 * /api/formularios/categorias: 17 categories, each with subcategories
 * (id, nombre, especializaciones).
 */
export const CATEGORY_CATALOG: readonly CategoriaCatalogo[] = CATEGORIES.map(({ id, nombre }) => ({
  id,
  nombre,
  subcategorias: Object.entries(RAW_CATALOG[nombre]).map(([sub, especializaciones]) => ({
    id: `${id}-${slugify(sub)}`,
    nombre: sub,
    especializaciones: [...especializaciones],
  })),
}));

/** Subcategories of a category by its name, or [] for an unknown one. */
export function subcategoriesOf(categoryName: string): Subcategoria[] {
  return CATEGORY_CATALOG.find((c) => c.nombre === categoryName)?.subcategorias ?? [];
}

/** "1 crédito = $1.000 COP" (built from TASA_CAMBIO_COP). */
export const RATIO_TEXT = `1 crédito = $${groupThousands(TASA_CAMBIO_COP)} COP`;

/**
 * Purchase-year options (overview §9, calls §5): the last 50 years (currentYear
 * down to currentYear - 49), then 1990, 1980, ... 1900 — only decades older
 * than the 50-year block, so no year appears twice. Descending, never below
 * 1900. For 2025: 2025..1976 (50), then 1970, 1960, ..., 1900 (8) = 58 options.
 */
export function yearOptions(currentYear: number): number[] {
  if (!Number.isInteger(currentYear) || currentYear < YEAR_OF_PURCHASE_MIN) {
    throw new RangeError(`Año actual inválido: ${String(currentYear)}`);
  }
  const years: number[] = [];
  const oldestRecent = Math.max(YEAR_OF_PURCHASE_MIN, currentYear - YEAR_OPTIONS_RECENT + 1);
  for (let y = currentYear; y >= oldestRecent; y--) years.push(y);
  for (let decade = Math.floor((oldestRecent - 1) / 10) * 10; decade >= YEAR_OF_PURCHASE_MIN; decade -= 10) {
    years.push(decade);
  }
  return years;
}
