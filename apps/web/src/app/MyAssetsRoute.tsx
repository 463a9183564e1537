import { MyAssetsPage } from "../features/assets/MyAssetsPage.tsx";
import { MovementsList } from "../features/wallet/MovementsList.tsx";
import { TransactionsPanel } from "../features/wallet/TransactionsPanel.tsx";
import { WalletPanel } from "../features/wallet/WalletPanel.tsx";

/** /mis-activos: the assets feature's page with the wallet feature's tabs (features never import each other). */
export function MyAssetsRoute() {
  return <MyAssetsPage movements={<MovementsList />} wallet={<WalletPanel />} activity={<TransactionsPanel />} />;
}
