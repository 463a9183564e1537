/** Public entry of the chat feature: the asset page's chat, the conversations page, the unread count. */
export { AssetChat, type ChatAsset } from "./AssetChat.tsx";
export { useChatUnreadCount } from "./api.ts";
export { ChatCard } from "./ChatCard.tsx";
export { ChatsPage } from "./ChatsPage.tsx";
