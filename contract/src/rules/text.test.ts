import { describe, expect, it } from 'vitest';
import {
  COURSE_SUMMARY_MAX,
  courseIntro,
  courseSummary,
  htmlToText,
  MENTOR_DESCRIPTION_MAX,
  truncateWithEllipsis,
} from './text';

describe('truncateWithEllipsis', () => {
  it('when the text fits, then it is unchanged', () => {
    expect(truncateWithEllipsis('Olá', 3)).toBe('Olá');
    expect(truncateWithEllipsis('', 5)).toBe('');
  });

  it('when the text is longer, then the first max characters plus three dots', () => {
    expect(truncateWithEllipsis('Aprender português', 8)).toBe('Aprender...');
    const long = 'a'.repeat(MENTOR_DESCRIPTION_MAX + 1);
    expect(truncateWithEllipsis(long, MENTOR_DESCRIPTION_MAX)).toBe(`${'a'.repeat(160)}...`);
  });

  it('when the limits are read, then they are the spec values', () => {
    expect(MENTOR_DESCRIPTION_MAX).toBe(160);
    expect(COURSE_SUMMARY_MAX).toBe(200);
  });
});

describe('htmlToText', () => {
  it('when a description has tags, then only the words remain, spaced between blocks', () => {
    expect(htmlToText('<h2>Curso</h2><p>Aprenda <strong>verbos</strong>.</p>')).toBe(
      'Curso. Aprenda verbos.',
    );
    expect(htmlToText('<p>a</p><p>b</p>')).toBe('a b');
    expect(htmlToText('<ul><li>um</li><li>dois</li></ul>')).toBe('um dois');
  });

  it('when a heading has its own punctuation, then no full stop is added to it', () => {
    expect(htmlToText('<h3>Para quem é?</h3><p>Iniciantes.</p>')).toBe('Para quem é? Iniciantes.');
    expect(htmlToText('<h2>Sobre <em>este</em> curso</h2>\n<p>Construa</p>')).toBe(
      'Sobre este curso. Construa',
    );
  });

  it('when inline formatting sits inside a word or before punctuation, then no space is added', () => {
    expect(htmlToText('<p>pro<b>gra</b>mar, <a href="/x">aqui</a>!</p>')).toBe('programar, aqui!');
  });

  it('when the description has entities, then they are decoded once', () => {
    expect(htmlToText('<p>P&amp;R &lt;b&gt; &quot;x&quot; &#39;y&#39; &#x263A;&nbsp;ok</p>')).toBe(
      'P&R <b> "x" \'y\' ☺ ok',
    );
    expect(htmlToText('&amp;lt;')).toBe('&lt;');
  });

  it('when an entity is unknown or out of range, then it stays as written', () => {
    expect(htmlToText('&foo; &#99999999;')).toBe('&foo; &#99999999;');
  });

  it('when scripts, styles or comments are embedded, then their content is dropped', () => {
    expect(htmlToText('a<script>alert(1)</script><style>p{}</style><!-- nota -->b')).toBe('a b');
  });

  it('when whitespace runs across lines, then it collapses to single spaces', () => {
    expect(htmlToText('  um\n\n  dois\tTrês  ')).toBe('um dois Três');
  });
});

describe('courseSummary', () => {
  it('when the description opens with a heading, then the summary starts with the paragraph', () => {
    expect(
      courseSummary('<h2>Sobre este curso</h2><p>Aprenda a <strong>programar</strong>.</p>'),
    ).toBe('Aprenda a programar.');
  });

  it('when headings sit between paragraphs and lists, then only the paragraphs and items are read', () => {
    expect(
      courseSummary('<p>Um curso prático.</p><h3>O que vai aprender</h3><ul><li>Git</li></ul>'),
    ).toBe('Um curso prático. Git');
  });

  it('when the description has only headings, then they are read as separate sentences', () => {
    expect(courseSummary('<h2>Curso de Python</h2><h3>Para iniciantes!</h3>')).toBe(
      'Curso de Python. Para iniciantes!',
    );
  });

  it('when the text is longer than 200 characters, then it is cut there and ends with three dots', () => {
    const paragraph = 'palavra '.repeat(40).trim();
    const summary = courseSummary(`<h2>Sobre</h2><p>${paragraph}</p>`);
    expect(summary).toBe(`${paragraph.slice(0, COURSE_SUMMARY_MAX)}...`);
  });

  it('when the description is empty, then so is the summary', () => {
    expect(courseSummary('')).toBe('');
    expect(courseSummary('<p><br></p>')).toBe('');
  });
});

describe('courseIntro', () => {
  it('when the description opens with a short paragraph, then it is the summary and is not said again below', () => {
    expect(
      courseIntro(
        '<p>Aprenda <strong>Python</strong>.</p><p><strong>Para quem é:</strong> iniciantes</p>' +
          '<h2>O que você vai aprender</h2><ul><li>Git</li></ul>',
      ),
    ).toEqual({
      summary: 'Aprenda Python.',
      description:
        '<p><strong>Para quem é:</strong> iniciantes</p><h2>O que você vai aprender</h2><ul><li>Git</li></ul>',
    });
  });

  it('when headings and empty lines come first, then the headings stay below and the first paragraph leads', () => {
    expect(courseIntro('<h2>Sobre</h2><p><br></p><p>Um curso.</p><p>Mais.</p>')).toEqual({
      summary: 'Um curso.',
      description: '<h2>Sobre</h2><p>Mais.</p>',
    });
  });

  it('when the opening paragraph is longer than 200 characters, then the summary is cut and the description stays whole', () => {
    const html = `<p>${'palavra '.repeat(40).trim()}</p><p>Fim.</p>`;
    expect(courseIntro(html)).toEqual({ summary: courseSummary(html), description: html });
  });

  it('when the summary says everything, then there is no description below', () => {
    expect(courseIntro('<p>Só isto.</p><p><br></p>')).toEqual({
      summary: 'Só isto.',
      description: '',
    });
    expect(courseIntro('<h2>Sobre</h2><p>Só isto.</p><h3>Mais</h3>')).toEqual({
      summary: 'Só isto.',
      description: '',
    });
  });

  it('when the description opens with a list, then the summary is the spec’s and the description stays whole', () => {
    const html = '<ul><li>Git</li></ul><p>Depois.</p>';
    expect(courseIntro(html)).toEqual({ summary: 'Git Depois.', description: html });
  });
});
