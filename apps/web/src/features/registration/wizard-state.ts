import {
  type AssetAction,
  assetFormDefaults,
  currentYearInColombia,
  type MoneyContributionType,
  type WizardAssetType,
} from "@valoriza/domain";
import type { PickedImage } from "./images.ts";

export type WizardStep = "type" | "action" | "details" | "confirm";

/** Raw form values (what the inputs hold), kept so that 'Editar' loses nothing. */
export interface GoodsValues {
  title: string;
  category: string;
  subcategory: string;
  especializacion: string;
  condition: "nuevo" | "usado";
  physicalState: "excelente" | "bueno" | "regular" | "malo";
  yearOfPurchase: string;
  baseValueCOP: string;
  description: string;
  location: string;
}

export interface TimeValues {
  tipo: string;
  horas: string;
  especializado: boolean;
  descripcion: string;
}

export interface MoneyValues {
  monto: string;
  tipo: MoneyContributionType | "";
  descripcion: string;
}

export interface WizardState {
  step: WizardStep;
  type: WizardAssetType | null;
  action: AssetAction | null;
  goods: GoodsValues;
  time: TimeValues;
  money: MoneyValues;
  images: PickedImage[];
  /** The valuation notice dialog between 'Calcular Valor' and the confirmation card. */
  noticeOpen: boolean;
  /**
   * Idempotency-Key of the submission on the confirmation card: made when the card opens, kept
   * across retries of that same submission, dropped by 'Editar'.
   */
  submissionKey: string | null;
}

export function initialWizardState(type: WizardAssetType | null): WizardState {
  const defaults = assetFormDefaults(currentYearInColombia());
  return {
    step: type ? "action" : "type",
    type,
    action: null,
    goods: {
      title: "",
      category: "",
      subcategory: "",
      especializacion: "",
      condition: defaults.condition,
      physicalState: defaults.physicalState,
      yearOfPurchase: String(defaults.yearOfPurchase),
      baseValueCOP: "",
      description: "",
      location: "",
    },
    time: { tipo: "", horas: "1", especializado: false, descripcion: "" },
    money: { monto: "", tipo: "", descripcion: "" },
    images: [],
    noticeOpen: false,
    submissionKey: null,
  };
}

export type WizardAction =
  | { kind: "selectType"; type: WizardAssetType }
  | { kind: "selectAction"; action: AssetAction }
  | { kind: "goTo"; step: WizardStep }
  /** `calculate`: 'Calcular Valor' (opens the notice); otherwise just kept (going back). */
  | { kind: "saveGoods"; values: GoodsValues; calculate: boolean }
  | { kind: "saveTime"; values: TimeValues; calculate: boolean }
  | { kind: "saveMoney"; values: MoneyValues; calculate: boolean }
  | { kind: "images"; update: (previous: PickedImage[]) => PickedImage[] }
  | { kind: "closeNotice" }
  | { kind: "confirmNotice"; submissionKey: string }
  | { kind: "edit" };

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.kind) {
    case "selectType":
      // Another type has other allowed actions: the chosen action is asked again.
      return action.type === state.type ? state : { ...state, type: action.type, action: null };
    case "selectAction":
      return { ...state, action: action.action };
    case "goTo":
      return { ...state, step: action.step, noticeOpen: false };
    case "saveGoods":
      return { ...state, goods: action.values, noticeOpen: action.calculate };
    case "saveTime":
      return { ...state, time: action.values, noticeOpen: action.calculate };
    case "saveMoney":
      return { ...state, money: action.values, noticeOpen: action.calculate };
    case "images":
      return { ...state, images: action.update(state.images) };
    case "closeNotice":
      return { ...state, noticeOpen: false };
    case "confirmNotice":
      return { ...state, noticeOpen: false, step: "confirm", submissionKey: action.submissionKey };
    case "edit":
      return { ...state, step: "details", submissionKey: null };
  }
}
