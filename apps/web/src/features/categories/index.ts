export { useGetCategoryOptionsQuery } from './api/get-category-options.js';
