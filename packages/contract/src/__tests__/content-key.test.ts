import { describe, expect, it } from 'vitest';
import { browserOrigin } from '../content-key.js';

describe('browserOrigin', () => {
  it.each([
    ['https://blog.example.com', 'https://blog.example.com'],
    ['http://localhost:5173', 'http://localhost:5173'],
    ['https://Blog.Example.COM', 'https://blog.example.com'],
    ['HTTPS://blog.example.com/', 'https://blog.example.com'],
    ['https://blog.example.com:443', 'https://blog.example.com'],
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['http://[::1]:3000', 'http://[::1]:3000'],
    ['https://bücher.example', 'https://xn--bcher-kva.example'],
  ])('should take %j as the origin %j', (text, origin) => {
    expect(browserOrigin(text)).toBe(origin);
  });

  it.each([
    'blog.example.com',
    'ftp://blog.example.com',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'data:text/html,hi',
    'https://blog.example.com/posts',
    'https://blog.example.com/?a=1',
    'https://blog.example.com/#top',
    'https://blog.example.com?',
    'https://ann:secret@blog.example.com',
    'https://ann@blog.example.com',
    ' https://blog.example.com',
    'https://blog.exa\nmple.com',
    'https://blog.example.com\t',
    'https://',
    'null',
    '*',
    '',
    `https://${'a'.repeat(300)}.com`,
  ])('should refuse %j', (text) => {
    expect(browserOrigin(text)).toBeNull();
  });
});
