/** Public entry of the chat area (ADR 007). */
export { chatRoutes } from "./chat.routes.ts";
export { type AssetLookup, type ChatService, createChatService, type UserExists } from "./chat.service.ts";
