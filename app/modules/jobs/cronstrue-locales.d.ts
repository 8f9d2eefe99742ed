// cronstrue's locale files register themselves with cronstrue when loaded; they export nothing
// this page reads.
declare module 'cronstrue/locales/*';
