/**
 * The audit log's actions of this module, added to the machinery's list (lib/audit.ts). The file is a
 * module (the empty export), so the block below extends that interface instead of declaring another.
 */
export {};

declare module '../../lib/audit.js' {
  interface AuditActions {
    'payout.details': true;
    'payout.batch': true;
    'payout.result': true;
  }
}
