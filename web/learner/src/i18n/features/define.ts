/**
 * A feature's messages in the four languages. The English catalogue fixes the keys; the others
 * must carry every one of them (the compiler says which is missing).
 */
export function defineMessages<K extends string>(messages: {
  en: Record<K, string>;
  fr: Record<NoInfer<K>, string>;
  es: Record<NoInfer<K>, string>;
  de: Record<NoInfer<K>, string>;
}) {
  return messages;
}
