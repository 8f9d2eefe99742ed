/** The outbox module's door: what other parts of the server may use. */
export {
  claimOutboxMail,
  insertOutboxMail,
  listRetryableOutboxIds,
  markOutboxFailed,
  markOutboxSent,
} from './outbox-repository';
