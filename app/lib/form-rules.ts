// What a form's check loads after the first paint: the server's schemas, and their messages in the
// viewer's language (core/messages lists each with its code).
export * from '../../core/validation';
export { localMessage } from '../i18n/core-messages';
