import { describe, expect, it } from 'vitest';
import { escapeHtml, html, raw, sanitizeRichText } from './html.js';

describe('the html template', () => {
  it('escapes interpolated text and attribute values', () => {
    const title = `<script>alert("x")</script> & 'q' \``;
    expect(html`<h1 title="${title}">${title}</h1>`.toString()).toBe(
      '<h1 title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39; &#96;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39; &#96;</h1>',
    );
  });

  it('keeps nested templates and raw() as they are, joins arrays and drops empty values', () => {
    const items = ['a<b', 'c'].map((item) => html`<li>${item}</li>`);
    expect(html`<ul>${items}</ul>${null}${undefined}${false}${raw('<hr>')}${0}`.toString()).toBe('<ul><li>a&lt;b</li><li>c</li></ul><hr>0');
  });

  it('escapes each dangerous character once', () => {
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
    expect(escapeHtml('বাংলা লেখা')).toBe('বাংলা লেখা');
  });
});

describe('the rich-text sanitiser', () => {
  it('keeps what the editor writes', () => {
    const content =
      '<h2>শিরোনাম</h2><p style="text-align:center">লেখা <strong>মোটা</strong> <em>বাঁকা</em> <u>দাগ</u> <s>কাটা</s></p>' +
      '<ul><li>এক</li></ul><ol><li>দুই</li></ol><blockquote>উদ্ধৃতি</blockquote><pre><code class="language-js">x</code></pre><hr><br>' +
      '<p><a href="https://example.com/a?b=1&amp;c=2">লিংক</a> <a href="/notice/1">ভেতরের</a> <a href="mailto:a@b.test">মেইল</a> <a href="tel:+8801712345678">ফোন</a></p>' +
      '<img src="/uploads/posts/2026/11/22/abc.webp" alt="ছবি" width="600" height="400"><img src="https://cdn.example.com/x.png" alt="">' +
      '<table><thead><tr><th>ক</th></tr></thead><tbody><tr><td colspan="2">খ</td></tr></tbody></table>';
    // Attribute order and void-tag syntax are normalised; nothing is lost.
    const normalised = content
      .replace('<hr><br>', '<hr /><br />')
      .replace(
        '<img src="/uploads/posts/2026/11/22/abc.webp" alt="ছবি" width="600" height="400">',
        '<img alt="ছবি" width="600" height="400" src="/uploads/posts/2026/11/22/abc.webp" />',
      )
      .replace('<img src="https://cdn.example.com/x.png" alt="">', '<img alt="" src="https://cdn.example.com/x.png" />');
    expect(sanitizeRichText(content)).toBe(normalised);
  });

  it('adds noopener to links that open a new tab', () => {
    expect(sanitizeRichText('<a href="https://example.com" target="_blank">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeRichText('<a href="https://example.com" target="_top" rel="opener">x</a>')).toBe('<a href="https://example.com">x</a>');
  });

  const corpus: [string, string][] = [
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<SCRIPT SRC=//evil.test/x.js></SCRIPT>', ''],
    ['<img src=x onerror=alert(1)>', ''],
    ['<img src="/uploads/a.webp" onerror="alert(1)" onload="alert(2)">', '<img src="/uploads/a.webp" />'],
    ['<img src="/uploads/a.webp" alt="x" style="position:fixed">', '<img alt="x" src="/uploads/a.webp" />'],
    ['<p onclick="alert(1)" onmouseover=alert(2)>x</p>', '<p>x</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="  javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="java&#x09;script:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>', '<a>x</a>'],
    ['<a href="jav&#x0A;ascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="vbscript:msgbox(1)">x</a>', '<a>x</a>'],
    ['<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>', '<a>x</a>'],
    ['<a href="//evil.test/phish">x</a>', '<a>x</a>'],
    ['<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=">', ''],
    ['<img src="http://plain.example.com/x.png">', ''],
    ['<img src="//evil.test/x.png">', ''],
    ['<img src="/api/v1/users">', ''],
    ['<svg onload=alert(1)><circle r="1"/></svg><p>after</p>', '<p>after</p>'],
    ['<math><mi xlink:href="javascript:alert(1)">x</mi></math>', ''],
    ['<iframe src="https://evil.test"></iframe>', ''],
    ['<object data="x.swf"></object><embed src="x.swf">', ''],
    ['<form action="https://evil.test"><input name="p"><button>go</button></form>', 'go'],
    ['<style>body{display:none}</style><p>x</p>', '<p>x</p>'],
    ['<p style="position:fixed;top:0;background:url(javascript:alert(1))">x</p>', '<p>x</p>'],
    ['<p style="text-align:center;color:red">x</p>', '<p style="text-align:center">x</p>'],
    ['<p class="text-center evil-overlay">x</p>', '<p class="text-center">x</p>'],
    ['<meta http-equiv="refresh" content="0;url=https://evil.test"><link rel="stylesheet" href="x.css"><base href="https://evil.test/">', ''],
    ['<div><p>open', '<p>open</p>'],
    ['<p><b>a<i>b</p>c</b>', '<p><b>a<i>b</i></b></p>c'],
    ['<<script>script>alert(1)<</script>/script>', '&lt;/script&gt;'],
    ['<scr<script>ipt>alert(1)</script>', 'ipt&gt;alert(1)'],
    ['<!--<img src=x onerror=alert(1)>--><p>x</p>', '<p>x</p>'],
    ['<template><script>alert(1)</script></template>', ''],
    ['<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>', ''],
  ];

  it.each(corpus)('neutralises %s', (dirty, clean) => {
    expect(sanitizeRichText(dirty)).toBe(clean);
  });

  it('never lets a handler, a script or a javascript: url through, whatever the corpus entry became', () => {
    for (const [dirty] of corpus) {
      const out = sanitizeRichText(dirty);
      expect(out).not.toMatch(/<script|<svg|<iframe|<style|\son\w+=|javascript:|data:/i);
    }
  });
});
