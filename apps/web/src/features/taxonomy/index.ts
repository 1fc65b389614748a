export { CategoriesPanel, TagsPanel } from './components/taxonomy-panels.js';
export { canManageTaxonomy, type TaxonomyPanelProps } from './components/taxonomy-panel.js';
