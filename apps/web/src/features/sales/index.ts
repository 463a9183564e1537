export { AssetActionPanel } from "./AssetActionPanel.tsx";
