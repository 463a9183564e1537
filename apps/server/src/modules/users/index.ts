/**
 * Public entry of the users area: accounts of people, sign-up/login, user lookups.
 */
export { burnPasswordCheck, hashPassword, verifyPassword } from "./password.ts";
export {
  countUsers,
  findAuthUser,
  findUserById,
  grantAdmins,
  type NewUser,
  setPassword,
  type UserRow,
  updateUser,
} from "./users.repository.ts";
export { usersRoutes } from "./users.routes.ts";
export { createUsersService, toSessionUser, type UsersService } from "./users.service.ts";
