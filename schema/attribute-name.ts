/**
 * An HTML attribute name: no space, quote, ">", "/", "=" or control character,
 * any of which would end the name and let the rest be read as markup
 * (`x><meta http-equiv=refresh …><x` injected a tag). Its own module: the
 * head tags' renderer (shared/head.ts) needs it without site.yaml's schema.
 */
export const ATTRIBUTE_NAME = /^[^\s"'>/=\u0000-\u001f\u007f-\u009f]+$/;
