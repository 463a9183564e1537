import { describe, expect, it } from "vitest";
import { availableActions } from "../economy/actions.ts";
import { currentYearInColombia } from "../economy/constants.ts";
import { ASSET_MSG } from "./messages.ts";
import {
  actionsResponseSchema,
  assetFormSchema,
  makeAssetFormSchema,
  makeSellFormSchema,
  moneyRegisterSchema,
  publishAssetSchema,
  timeRegisterSchema,
  wizardGoodsSchema,
  wizardSelectionSchema,
} from "./schemas.ts";

/** path -> first message, for readable assertions. */
function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.join(".");
    out[key] ??= issue.message;
  }
  return out;
}

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

describe("wizard", () => {
  it("type and action required", () => {
    expect(messages(wizardSelectionSchema.safeParse({}))).toEqual({
      type: "Tipo de activo requerido",
      action: "Acción requerida",
    });
    expect(messages(wizardSelectionSchema.safeParse({ type: "bienes", action: "" })).action).toBe("Acción requerida");
  });

  it("an action must be enabled for the type", () => {
    expect(wizardSelectionSchema.safeParse({ type: "dinero", action: "donar" }).success).toBe(true);
    expect(messages(wizardSelectionSchema.safeParse({ type: "dinero", action: "alquilar" })).action).toBe(
      "Esta acción no está disponible para este tipo de activo",
    );
  });

  it("goods: category, value and description required", () => {
    const expected = "Completa todos los campos del bien";
    expect(messages(wizardGoodsSchema.safeParse({}))).toEqual({
      category: expected,
      baseValueCOP: expected,
      description: expected,
    });
  });

  it("goods: the value must be a positive number", () => {
    const base = { category: "Relojes", description: "Reloj automático" };
    const expected = "El valor del bien debe ser un número positivo";
    expect(messages(wizardGoodsSchema.safeParse({ ...base, baseValueCOP: 0 })).baseValueCOP).toBe(expected);
    expect(messages(wizardGoodsSchema.safeParse({ ...base, baseValueCOP: "-5000" })).baseValueCOP).toBe(expected);
    expect(messages(wizardGoodsSchema.safeParse({ ...base, baseValueCOP: "abc" })).baseValueCOP).toBe(expected);
    expect(wizardGoodsSchema.parse({ ...base, baseValueCOP: "350000" }).baseValueCOP).toBe(350_000);
  });
});

describe("timeRegisterSchema (POST /tiempo/registrar)", () => {
  const valid = { tipo: "Clases de inglés", horas: 3, especializado: true, descripcion: "Nivel B2" };
  const hoursMsg = "Las horas deben ser un número entero entre 1 y 10";

  it("accepts 1..10 whole hours; especializado defaults to false", () => {
    expect(timeRegisterSchema.parse(valid)).toMatchObject({ horas: 3, especializado: true });
    expect(timeRegisterSchema.parse({ ...valid, especializado: undefined }).especializado).toBe(false);
    expect(timeRegisterSchema.parse({ ...valid, horas: "10" }).horas).toBe(10);
  });

  it.each([0, 11, 2.5, -1, "", "tres", undefined])("horas %s -> '%s'", (horas) => {
    expect(messages(timeRegisterSchema.safeParse({ ...valid, horas })).horas).toBe(hoursMsg);
  });

  it("service type and description required", () => {
    const m = messages(timeRegisterSchema.safeParse({ horas: 2 }));
    expect(m.tipo).toBe("El tipo de servicio es obligatorio");
    expect(m.descripcion).toBe("La descripción es obligatoria");
  });

  it("a time asset cannot be lent", () => {
    expect(messages(timeRegisterSchema.safeParse({ ...valid, mainPurpose: "prestar" })).mainPurpose).toBe(
      "Esta acción no está disponible para este tipo de activo",
    );
    expect(timeRegisterSchema.parse({ ...valid, mainPurpose: "alquiler" }).mainPurpose).toBe("alquilar");
  });
});

describe("moneyRegisterSchema (POST /dinero/registrar)", () => {
  const valid = { monto: 500_000, tipo: "donacion", descripcion: "Para la huerta comunitaria" };

  it("accepts a positive whole amount and a contribution type", () => {
    expect(moneyRegisterSchema.parse(valid)).toMatchObject({ monto: 500_000, tipo: "donacion" });
    for (const tipo of ["donacion", "inversion", "prestamo", "regalo", "patrocinio", "otro"]) {
      expect(moneyRegisterSchema.safeParse({ ...valid, tipo }).success).toBe(true);
    }
  });

  it("amount: required, positive, whole pesos, within the maximum", () => {
    expect(messages(moneyRegisterSchema.safeParse({ ...valid, monto: undefined })).monto).toBe(
      "El monto es obligatorio",
    );
    expect(messages(moneyRegisterSchema.safeParse({ ...valid, monto: 0 })).monto).toBe(
      "El monto debe ser un número positivo",
    );
    expect(messages(moneyRegisterSchema.safeParse({ ...valid, monto: -100 })).monto).toBe(
      "El monto debe ser un número positivo",
    );
    expect(messages(moneyRegisterSchema.safeParse({ ...valid, monto: 10.5 })).monto).toBe(
      "El monto debe ser un número entero de pesos",
    );
    expect(messages(moneyRegisterSchema.safeParse({ ...valid, monto: 1e12 })).monto).toBe(
      "El monto no puede superar $100.000.000.000",
    );
  });

  it("contribution type and description", () => {
    expect(messages(moneyRegisterSchema.safeParse({ ...valid, tipo: undefined })).tipo).toBe(
      "El tipo de aporte es obligatorio",
    );
    expect(messages(moneyRegisterSchema.safeParse({ ...valid, tipo: "soborno" })).tipo).toBe(
      "Selecciona un tipo de aporte válido",
    );
    expect(messages(moneyRegisterSchema.safeParse({ ...valid, descripcion: "" })).descripcion).toBe(
      "La descripción es obligatoria",
    );
  });

  it("money can be lent but not sold", () => {
    expect(moneyRegisterSchema.safeParse({ ...valid, mainPurpose: "prestar" }).success).toBe(true);
    expect(messages(moneyRegisterSchema.safeParse({ ...valid, mainPurpose: "vender" })).mainPurpose).toBe(
      "Esta acción no está disponible para este tipo de activo",
    );
  });
});

describe("ASSET_MSG and responses", () => {
  it("holds the spec's exact wording", () => {
    expect(ASSET_MSG).toMatchObject({
      limitReached: "Límite alcanzado",
      maxImages: "Solo puedes subir hasta 10 fotos",
      authRequired: "Autenticación requerida",
      loginFirst: "Inicia sesión primero",
      createAssetError: "Error al crear el activo",
      registrationFailedToast: "No pudimos completar el registro",
      wizardCreateAssetError: "Error al crear activo",
      registerTimeError: "Error al registrar tiempo",
      registerMoneyError: "Error al registrar aporte",
      processImagesError: "Error al procesar imágenes",
      loadActionsError: "Error al cargar acciones disponibles",
      loadAssetError: "No se pudo cargar el activo",
      copyError: "Error al copiar",
      copyLinkError: "No se pudo copiar el enlace",
      loadAssetsError: "Error al cargar activos",
      loadOwnAssetsError: "Error al cargar los activos",
      deactivateError: "Error al desactivar el activo",
      deactivateErrorTitle: "No se puede desactivar",
      finishOperationError: "Error al finalizar la operación",
      migrateValuationError: "Error al migrar valorización",
      loginRequired: "Debes iniciar sesión",
      economyReportError: "Error al cargar reporte económico",
      loadTransactionsError: "Error al cargar las transacciones",
      loadBalanceError: "Error al cargar el balance",
      syncWalletError: "Error al sincronizar wallet",
      noSearchResults: "No se encontraron activos...",
      noAssets: "No hay activos disponibles en este momento.",
      nearbyAssetsTitle: "Activos cercanos a ti",
      resultsFor: "Resultados para",
      actionRequired: "Acción requerida",
      assetTypeRequired: "Tipo de activo requerido",
      goodsFieldsRequired: "Completa todos los campos del bien",
      goodsValuePositive: "El valor del bien debe ser un número positivo",
      hoursRange: "Las horas deben ser un número entero entre 1 y 10",
      sellMissingFields: "Faltan algunos datos: Por favor completa el título, descripción y precio para continuar.",
    });
  });

  it("actionsResponseSchema accepts true/false/'compensacion'", () => {
    expect(
      actionsResponseSchema.safeParse({ success: true, type: "dinero", availableActions: availableActions("dinero") })
        .success,
    ).toBe(true);
    expect(
      actionsResponseSchema.safeParse({
        success: true,
        type: "bienes",
        availableActions: { ...availableActions("bienes"), vender: "compensacion" },
      }).success,
    ).toBe(true);
    expect(
      actionsResponseSchema.safeParse({
        success: true,
        type: "bienes",
        availableActions: { ...availableActions("bienes"), vender: "quizas" },
      }).success,
    ).toBe(false);
  });
});
