/** Who acts: the one type of a request's user, resolved once per request by the guard. */
export { type Actor, type ContentActor, roleFlags } from './auth/actor';
