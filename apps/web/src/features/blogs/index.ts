export { BlogList } from './components/blog-list.js';
export { useBlogListFilters, type BlogListFilters } from './hooks/use-blog-list-filters.js';
