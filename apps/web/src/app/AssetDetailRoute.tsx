import { AssetDetailPage } from "../features/assets/AssetDetailPage.tsx";
import { AssetChat } from "../features/chat/index.ts";
import { DonationAssetAction } from "../features/donations/DonationAssetAction.tsx";
import { ProposeExchangeAction } from "../features/exchanges/ProposeExchangeAction.tsx";
import { LoanAssetAction } from "../features/loans/LoanAssetAction.tsx";
import { RentAssetAction } from "../features/rentals/RentAssetAction.tsx";
import { AssetActionPanel } from "../features/sales/index.ts";

/**
 * /ver-activo/{id}: the assets feature's page with the visitor's main action from the sales feature
 * and 'Contactar' / the chat card from the chat feature (features never import each other).
 */
export function AssetDetailRoute() {
  return (
    <AssetDetailPage
      renderAction={(asset) =>
        asset.mainPurpose === "intercambiar" ? (
          <ProposeExchangeAction key={asset.id} asset={asset} />
        ) : asset.mainPurpose === "prestar" ? (
          <LoanAssetAction key={asset.id} asset={asset} />
        ) : asset.mainPurpose === "alquilar" ? (
          <RentAssetAction key={asset.id} asset={asset} />
        ) : asset.mainPurpose === "donar" || asset.mainPurpose === "regalar" ? (
          <DonationAssetAction key={asset.id} asset={asset} />
        ) : (
          <AssetActionPanel key={asset.id} asset={asset} />
        )
      }
      renderChat={(asset, isOwner) => (
        <>
          {/* The action slot is for visitors; the owner of an `alquilar` asset gets its rental panel here. */}
          {isOwner && asset.mainPurpose === "alquilar" ? (
            <RentAssetAction key={`rent-${asset.id}`} asset={asset} />
          ) : null}
          {/* The owner of a `donar`/`regalar` asset sees its pending donation's state and where to manage it. */}
          {isOwner && (asset.mainPurpose === "donar" || asset.mainPurpose === "regalar") ? (
            <DonationAssetAction key={`donation-${asset.id}`} asset={asset} />
          ) : null}
          {/* The owner of an `intercambiar` asset: a note on where proposals for it arrive. */}
          {isOwner && asset.mainPurpose === "intercambiar" ? (
            <ProposeExchangeAction key={`exchange-${asset.id}`} asset={asset} />
          ) : null}
          <AssetChat key={asset.id} asset={asset} />
        </>
      )}
    />
  );
}
