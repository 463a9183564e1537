/**
 * Public entry of the users area: accounts of people, sign-up/login, user lookups.
 */
export { burnPasswordCheck, hashPassword, verifyPassword } from "./password.ts";
export {
  countUsers,
  findAuthUser,
  findUserById,
  findUsersBrief,
  grantAdmins,
  listSuspendedUsers,
  type NewUser,
  reactivateUser,
  setPassword,
  suspendUser,
  type UserRow,
  updateUser,
} from "./users.repository.ts";
export { usersRoutes } from "./users.routes.ts";
export { createUsersService, toSessionUser, type UsersService } from "./users.service.ts";
