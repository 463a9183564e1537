export { ExchangePage } from "./ExchangePage.tsx";
export { LocalExchangesPage } from "./LocalExchangesPage.tsx";
export { ProposeExchangeAction } from "./ProposeExchangeAction.tsx";
