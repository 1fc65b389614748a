import { TaxonomyPanel, type TaxonomyPanelProps } from './taxonomy-panel.js';

/** The tag list of the selected domain (spec §2). */
export function TagsPanel(props: TaxonomyPanelProps) {
  return <TaxonomyPanel kind="tags" {...props} />;
}

/** The category list of the selected domain (spec §2). */
export function CategoriesPanel(props: TaxonomyPanelProps) {
  return <TaxonomyPanel kind="categories" {...props} />;
}
