// Placeholder until the tag and category lists land (issue 8).
export function TagsPanel() {
  return null;
}
export function CategoriesPanel() {
  return null;
}
