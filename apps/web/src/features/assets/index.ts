// Placeholder until the assets section lands (issue 8).
export function AssetsSection() {
  return null;
}
