import { describe, expect, it } from "vitest";
import { currentYearInColombia } from "../economy/constants.ts";
import { messages } from "./schemas.testkit.ts";
import { assetFormSchema, makeAssetFormSchema, makeSellFormSchema, publishAssetSchema } from "./schemas.ts";

const form2025 = makeAssetFormSchema(2025);
const validForm = {
  title: "  Portátil Lenovo  ",
  description: "Core i5, 8 GB de RAM",
  assetType: "bien",
  origin: "personal",
  category: "Tecnología",
  condition: "usado",
  physicalState: "bueno",
  yearOfPurchase: 2022,
  baseValueCOP: 2_000_000,
  mainPurpose: "intercambiar",
};

describe("assetFormSchema (POST /api/assets)", () => {
  it("accepts a complete form, trims text and fills privacy and images", () => {
    const r = form2025.safeParse(validForm);
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({ title: "Portátil Lenovo", privacy: "publico", images: [] });
  });

  it("names every missing required field in Spanish", () => {
    expect(messages(form2025.safeParse({}))).toEqual({
      title: "El título es obligatorio",
      description: "La descripción es obligatoria",
      assetType: "Tipo de activo requerido",
      origin: "El origen es obligatorio",
      category: "La categoría es obligatoria",
      condition: "La condición es obligatoria",
      physicalState: "El estado físico es obligatorio",
      yearOfPurchase: "El año de compra es obligatorio",
      baseValueCOP: "El valor base es obligatorio",
      mainPurpose: "Acción requerida",
    });
  });

  it("a title of only spaces is missing; one over 120 characters is too long", () => {
    expect(messages(form2025.safeParse({ ...validForm, title: "   " })).title).toBe("El título es obligatorio");
    expect(messages(form2025.safeParse({ ...validForm, title: "a".repeat(121) })).title).toBe(
      "El título no puede tener más de 120 caracteres",
    );
    expect(form2025.safeParse({ ...validForm, title: "a".repeat(120) }).success).toBe(true);
  });

  it("purchase year between 1900 and the current year", () => {
    expect(messages(form2025.safeParse({ ...validForm, yearOfPurchase: 1899 })).yearOfPurchase).toBe(
      "El año de compra no puede ser anterior a 1900",
    );
    expect(messages(form2025.safeParse({ ...validForm, yearOfPurchase: 2026 })).yearOfPurchase).toBe(
      "El año de compra no puede ser posterior a 2025",
    );
    expect(messages(form2025.safeParse({ ...validForm, yearOfPurchase: 2020.5 })).yearOfPurchase).toBe(
      "El año de compra debe ser un año válido",
    );
    expect(form2025.safeParse({ ...validForm, yearOfPurchase: 1900 }).success).toBe(true);
    expect(form2025.safeParse({ ...validForm, yearOfPurchase: 2025 }).success).toBe(true);
    // a select gives strings
    expect(form2025.parse({ ...validForm, yearOfPurchase: "2010" }).yearOfPurchase).toBe(2010);
  });

  it("the default schema reads the current year at parse time", () => {
    const now = currentYearInColombia();
    expect(assetFormSchema.safeParse({ ...validForm, yearOfPurchase: now }).success).toBe(true);
    expect(messages(assetFormSchema.safeParse({ ...validForm, yearOfPurchase: now + 1 })).yearOfPurchase).toBe(
      `El año de compra no puede ser posterior a ${now}`,
    );
  });

  it("base value: a whole number of pesos from 0 to 100.000.000.000", () => {
    expect(form2025.safeParse({ ...validForm, baseValueCOP: 0 }).success).toBe(true);
    expect(messages(form2025.safeParse({ ...validForm, baseValueCOP: -1 })).baseValueCOP).toBe(
      "El valor base no puede ser negativo",
    );
    expect(messages(form2025.safeParse({ ...validForm, baseValueCOP: 1500.5 })).baseValueCOP).toBe(
      "El valor base debe ser un número entero de pesos",
    );
    expect(messages(form2025.safeParse({ ...validForm, baseValueCOP: "mucho" })).baseValueCOP).toBe(
      "El valor base debe ser un número",
    );
    expect(messages(form2025.safeParse({ ...validForm, baseValueCOP: 100_000_000_001 })).baseValueCOP).toBe(
      "El valor base no puede superar $100.000.000.000",
    );
    expect(form2025.parse({ ...validForm, baseValueCOP: " 1500000 " }).baseValueCOP).toBe(1_500_000);
  });

  it("invalid enum values get a 'selecciona' message, not the 'required' one", () => {
    const m = messages(
      form2025.safeParse({
        ...validForm,
        assetType: "casa",
        origin: "x",
        condition: "roto",
        physicalState: "x",
        mainPurpose: "x",
      }),
    );
    expect(m).toEqual({
      assetType: "Selecciona un tipo de activo válido",
      origin: "Selecciona un origen válido",
      condition: "Selecciona una condición válida (nuevo o usado)",
      physicalState: "Selecciona un estado físico válido",
      mainPurpose: "Selecciona una acción válida",
    });
  });

  it("accepts the wizard's 'bienes' and the spec's purpose nouns, normalized", () => {
    const d = form2025.parse({ ...validForm, assetType: "bienes", mainPurpose: "venta" });
    expect(d.assetType).toBe("bien");
    expect(d.mainPurpose).toBe("vender");
  });

  it("refuses a purpose the actions matrix does not allow for the type", () => {
    expect(messages(form2025.safeParse({ ...validForm, assetType: "dinero", mainPurpose: "vender" })).mainPurpose).toBe(
      "Esta acción no está disponible para este tipo de activo",
    );
    expect(
      messages(form2025.safeParse({ ...validForm, assetType: "tiempo", mainPurpose: "prestar" })).mainPurpose,
    ).toBe("Esta acción no está disponible para este tipo de activo");
    expect(form2025.safeParse({ ...validForm, assetType: "dinero", mainPurpose: "prestar" }).success).toBe(true);
  });

  it("at most 10 photos: 'Solo puedes subir hasta 10 fotos'", () => {
    const img = "data:image/png;base64,iVBORw0KGgo=";
    expect(form2025.safeParse({ ...validForm, images: Array(10).fill(img) }).success).toBe(true);
    expect(messages(form2025.safeParse({ ...validForm, images: Array(11).fill(img) })).images).toBe(
      "Solo puedes subir hasta 10 fotos",
    );
  });

  it("keeps optional fields and the wizard's userId; drops unknown keys", () => {
    const d = form2025.parse({
      ...validForm,
      subcategory: "Computadores y Portátiles",
      especializacion: "Portátiles",
      location: "Chapinero",
      ubicacion: { ciudad: "Bogotá" },
      userId: "01890000-0000-7000-8000-0000000000AA",
      creditosAsignados: 999_999,
    });
    expect(d).toMatchObject({
      subcategory: "Computadores y Portátiles",
      especializacion: "Portátiles",
      location: "Chapinero",
      ubicacion: { ciudad: "Bogotá", departamento: "" },
      userId: "01890000-0000-7000-8000-0000000000aa",
    });
    expect(d).not.toHaveProperty("creditosAsignados");
  });

  it("privacy is only 'publico'", () => {
    expect(messages(form2025.safeParse({ ...validForm, privacy: "privado" })).privacy).toBe(
      "Selecciona una privacidad válida",
    );
  });
});

describe("sell form (/vender)", () => {
  const sell = makeSellFormSchema(2025);
  const validSell = {
    title: "Bicicleta de ruta",
    description: "Talla M, grupo Shimano",
    baseValueCOP: 1_800_000,
    category: "Movilidad Personal",
    condition: "usado",
    physicalState: "bueno",
    yearOfPurchase: 2021,
  };

  it("missing title, description or price gives the one spec message", () => {
    const expected = "Faltan algunos datos: Por favor completa el título, descripción y precio para continuar.";
    expect(messages(sell.safeParse({ ...validSell, title: "" })).title).toBe(expected);
    expect(messages(sell.safeParse({ ...validSell, description: "  " })).description).toBe(expected);
    expect(messages(sell.safeParse({ ...validSell, baseValueCOP: "" })).baseValueCOP).toBe(expected);
    expect(messages(sell.safeParse({ ...validSell, baseValueCOP: undefined })).baseValueCOP).toBe(expected);
  });

  it("always sends purpose vender and privacy publico", () => {
    const d = sell.parse(validSell);
    expect(d).toMatchObject({ mainPurpose: "vender", privacy: "publico", assetType: "bien", origin: "personal" });
    // and the result is a valid POST /api/assets body
    expect(form2025.safeParse(d).success).toBe(true);
  });

  it("price may be 0 but not negative", () => {
    expect(sell.safeParse({ ...validSell, baseValueCOP: 0 }).success).toBe(true);
    expect(messages(sell.safeParse({ ...validSell, baseValueCOP: -1000 })).baseValueCOP).toBe(
      "El precio no puede ser negativo",
    );
  });

  it("the price goes in steps of 1000 (calls §: step 1000; issue 15 item 7)", () => {
    expect(messages(sell.safeParse({ ...validSell, baseValueCOP: 850_500 })).baseValueCOP).toBe(
      "El precio va de mil en mil pesos (por ejemplo 850.000)",
    );
    expect(sell.safeParse({ ...validSell, baseValueCOP: 850_000 }).success).toBe(true);
  });
});

describe("publish again (PUT /activos/publicar/{id})", () => {
  it("takes a purpose, also as the spec's noun, and requires it", () => {
    expect(publishAssetSchema.parse({ mainPurpose: "venta" })).toEqual({ mainPurpose: "vender" });
    expect(messages(publishAssetSchema.safeParse({})).mainPurpose).toBe("Acción requerida");
  });
});
