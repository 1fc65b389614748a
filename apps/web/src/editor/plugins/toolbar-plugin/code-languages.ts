/**
 * The languages offered for a code block, saved as the block's `language` (the server keeps it as
 * data-language when it matches [\w#+.-]). The names are proper nouns and are not translated; '' is
 * plain text, whose label comes from the translations.
 */
export const CODE_LANGUAGES: readonly { value: string; name: string }[] = [
  { value: 'bash', name: 'Bash' },
  { value: 'c', name: 'C' },
  { value: 'cpp', name: 'C++' },
  { value: 'csharp', name: 'C#' },
  { value: 'css', name: 'CSS' },
  { value: 'go', name: 'Go' },
  { value: 'html', name: 'HTML' },
  { value: 'java', name: 'Java' },
  { value: 'javascript', name: 'JavaScript' },
  { value: 'json', name: 'JSON' },
  { value: 'kotlin', name: 'Kotlin' },
  { value: 'markdown', name: 'Markdown' },
  { value: 'php', name: 'PHP' },
  { value: 'python', name: 'Python' },
  { value: 'ruby', name: 'Ruby' },
  { value: 'rust', name: 'Rust' },
  { value: 'sql', name: 'SQL' },
  { value: 'swift', name: 'Swift' },
  { value: 'typescript', name: 'TypeScript' },
  { value: 'xml', name: 'XML' },
  { value: 'yaml', name: 'YAML' },
];
