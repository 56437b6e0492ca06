/**
 * One domain's messages in both languages. Bengali and English must hold the same keys: a key in one
 * and not the other fails to compile. ../messages.ts gathers every domain's into the one catalog.
 */
export function defineMessages<const K extends string>(messages: { bn: Record<K, string>; en: Record<K, string> }) {
  return messages;
}
