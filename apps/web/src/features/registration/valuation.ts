import { formatCOP, type GoodValuation, tryValuateGood, valuateMoney, valuateTime } from "@valoriza/domain";
import { CURRENT_YEAR, type GoodsOutput, type MoneyOutput, type TimeOutput } from "./forms.ts";

/** What the confirmation card and the live preview show, whatever the asset type. */
export interface ValuationView {
  /** The value before depreciation (goods) or the total (time, money), COP. */
  baseCOP: number;
  /** The value credits are issued for, COP. */
  currentCOP: number;
  /** Percent, goods only. */
  depreciation: number | null;
  /** Credits that will be issued, blocked. */
  credits: number;
  /** How the value was computed, one line each. */
  breakdown: string[];
}

const percent = (factor: number) => `${Math.round(factor * 100)} %`;

export function goodsBreakdown(v: GoodValuation, category: string): string[] {
  return [
    `Categoría ${category}: ${percent(v.factors.category)}${v.categoryKnown ? "" : " (valor por defecto)"}`,
    `Estado físico: ${percent(v.factors.physicalState)}`,
    `Condición: ${percent(v.factors.condition)}`,
    `Antigüedad ${v.antiguedadAnios} ${v.antiguedadAnios === 1 ? "año" : "años"}: ${percent(v.factors.age)}`,
  ];
}

export function valuateGoodsView(goods: {
  baseValueCOP: number;
  category: string;
  physicalState: GoodsOutput["physicalState"];
  condition: GoodsOutput["condition"];
  yearOfPurchase: number;
}): ValuationView | null {
  const v = tryValuateGood({ ...goods, currentYear: CURRENT_YEAR });
  if (!v) return null;
  return {
    baseCOP: v.valorCOPOriginal,
    currentCOP: v.valorActualCOP,
    depreciation: v.depreciation,
    credits: v.creditosAsignados,
    breakdown: goodsBreakdown(v, goods.category),
  };
}

export function valuateTimeView(time: TimeOutput): ValuationView | null {
  try {
    const v = valuateTime({ horas: time.horas, especializado: time.especializado });
    return {
      baseCOP: v.valorTotal,
      currentCOP: v.valorTotal,
      depreciation: null,
      credits: v.creditos,
      breakdown: [
        `${time.horas} ${time.horas === 1 ? "hora" : "horas"} × ${formatCOP(v.valorHora)} por hora${time.especializado ? " (especializado)" : ""}`,
      ],
    };
  } catch {
    return null;
  }
}

export function valuateMoneyView(money: MoneyOutput): ValuationView | null {
  try {
    const v = valuateMoney({ monto: money.monto });
    return {
      baseCOP: v.valorTotal,
      currentCOP: v.valorTotal,
      depreciation: null,
      credits: v.creditos,
      breakdown: ["1 crédito por cada $1.000 COP aportados"],
    };
  } catch {
    return null;
  }
}
