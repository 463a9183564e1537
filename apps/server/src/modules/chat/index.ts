/** Public entry of the chat area (ADR 007). */

/** Whether a person has the chat open in a page now (push skips their chat messages then; issue 20). */
/** For the admin's dispute desk (custody area, issue 19): what the two parties said about the asset. */
/** Reports of chat messages (modules/moderation, issue 19): a message, its sender and its chat's participants. */
export { conversationAbout, findMessagesBrief, isPresent as isOnChat } from "./chat.repository.ts";
export { chatRoutes } from "./chat.routes.ts";
export { type AssetLookup, type ChatService, createChatService, type UserExists } from "./chat.service.ts";
