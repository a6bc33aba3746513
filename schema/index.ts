export * from './paths';
export * from './frontmatter';
export * from './site-config';
export * from './manifest';
export * from './search-index';
