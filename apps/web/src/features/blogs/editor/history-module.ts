// The History panel (issue 23) is a chunk of its own, with the diff library: the editor loads it
// when it opens a saved post, so the button answers at once, and never for a new one.
export const loadHistoryPanel = () => import('../revisions/components/history-panel.js');
