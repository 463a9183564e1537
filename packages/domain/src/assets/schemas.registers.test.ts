import { describe, expect, it } from "vitest";
import { availableActions } from "../economy/actions.ts";
import { ASSET_MSG } from "./messages.ts";
import { messages } from "./schemas.testkit.ts";
import {
  actionsResponseSchema,
  moneyRegisterSchema,
  timeRegisterSchema,
  wizardGoodsSchema,
  wizardSelectionSchema,
} from "./schemas.ts";

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
