import { AppError } from '../../errors/app-error';
import type { Caller, EntityCaller } from '../../engine/caller';

/** The signed-in caller; the engine asks for hooks only after the entity's permission passed. */
export function signedIn(caller: EntityCaller): Caller {
  if (!caller.user) throw new AppError('Unauthorized', 'Please sign in to continue.');
  return caller.user;
}

/** A refusal naming the field it is about. */
export const fieldError = (field: string, message: string) =>
  new AppError('BadRequest', message, [{ Field: field, Message: message }]);
