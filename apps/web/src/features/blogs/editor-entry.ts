// Placeholder until the editor form lands; replaced by the blog-editor branch.
export function BlogEditor(_props: { onClose: () => void; [key: string]: unknown }) {
  return null;
}
