import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { courseSearchResponseSchema } from '@aprendiz/contract/courses';
import { SEED_COURSES } from '../../db/seed/catalogue';
import { seedDemoData } from '../../db/seed/seed';
import { createTestContext, type TestContext } from '../../test/test-app';

/**
 * Queries typed the way learners type them on the demo catalogue — no accents, a typo, several
 * words in any order, 'curso de …', an educator's first name and a topic — each with the course
 * the learner meant, which must be among the first three results (`rank: 1` where it must lead).
 */
const RELEVANCE: { query: string; course: string; rank?: 1 }[] = [
  // Queries that found nothing or the wrong course under the old whole-substring rule.
  { query: 'python', course: 'Python do Zero ao Primeiro Projeto' },
  { query: 'curso de python', course: 'Python do Zero ao Primeiro Projeto' },
  { query: 'python para iniciantes', course: 'Python do Zero ao Primeiro Projeto', rank: 1 },
  { query: 'javascript web', course: 'JavaScript Essencial para a Web', rank: 1 },
  { query: 'react hooks', course: 'React 19 do Zero: Componentes, Hooks e Estado', rank: 1 },
  { query: 'html css', course: 'HTML e CSS: Sites Responsivos do Zero', rank: 1 },
  { query: 'git github', course: 'Git e GitHub do Zero', rank: 1 },
  { query: 'terminal linux', course: 'Linux e o Terminal para Programadores', rank: 1 },
  { query: 'kotlin android', course: 'Kotlin para Android', rank: 1 },
  {
    query: 'matplotlib seaborn',
    course: 'Visualização de Dados com Matplotlib e Seaborn',
    rank: 1,
  },
  { query: 'typescript pratica', course: 'TypeScript na Prática', rank: 1 },
  { query: 'automatizar', course: 'Automatização de Tarefas com Python', rank: 1 },
  { query: 'relatorio', course: 'Power BI: Relatórios que Contam Histórias', rank: 1 },
  { query: 'pratica', course: 'TypeScript na Prática' },
  { query: 'testes', course: 'Python Intermediário: Funções, Módulos e Testes' },
  { query: 'dokcer', course: 'Docker Essencial para Programadores', rank: 1 },
  { query: 'kubernets', course: 'Kubernetes: Introdução Prática', rank: 1 },
  { query: 'pythn', course: 'Python do Zero ao Primeiro Projeto' },
  { query: 'javascrip', course: 'JavaScript Essencial para a Web' },
  { query: 'postgre', course: 'SQL do Zero com PostgreSQL', rank: 1 },
  // Several words, any order, word forms.
  { query: 'automatizar tarefas python', course: 'Automatização de Tarefas com Python', rank: 1 },
  { query: 'relatorios power bi', course: 'Power BI: Relatórios que Contam Histórias', rank: 1 },
  { query: 'acessibilidade pratica', course: 'Acessibilidade Web na Prática', rank: 1 },
  { query: 'testes react', course: 'React Avançado: Performance, Router e Testes', rank: 1 },
  { query: 'python testes', course: 'Python Intermediário: Funções, Módulos e Testes', rank: 1 },
  { query: 'pythn pandas', course: 'Ciência de Dados com Python e pandas', rank: 1 },
  {
    query: 'javascrip async',
    course: 'JavaScript Moderno: Promises, Async/Await e Módulos',
    rank: 1,
  },
  { query: 'sql analise de dados', course: 'SQL para Análise de Dados', rank: 1 },
  { query: 'excel formulas', course: 'Excel para Negócios: Fórmulas e Tabelas Dinâmicas', rank: 1 },
  {
    query: 'tabelas dinamicas',
    course: 'Excel para Negócios: Fórmulas e Tabelas Dinâmicas',
    rank: 1,
  },
  { query: 'power query', course: 'Excel Avançado: Power Query e Dashboards', rank: 1 },
  {
    query: 'dashboards excel avancado',
    course: 'Excel Avançado: Power Query e Dashboards',
    rank: 1,
  },
  { query: 'figma prototipo', course: 'Figma: do Wireframe ao Protótipo', rank: 1 },
  { query: 'ux design', course: 'Fundamentos de UX Design', rank: 1 },
  { query: 'flutter ios android', course: 'Flutter: Apps Móveis para Android e iOS', rank: 1 },
  { query: 'swiftui', course: 'Swift e SwiftUI: o Primeiro App iOS', rank: 1 },
  {
    query: 'java orientacao a objetos',
    course: 'Java: Fundamentos e Orientação a Objetos',
    rank: 1,
  },
  { query: 'spring boot api', course: 'APIs com Spring Boot', rank: 1 },
  { query: 'api rest node express', course: 'APIs REST com Node.js e Express', rank: 1 },
  { query: 'algoritmos estruturas de dados', course: 'Algoritmos e Estruturas de Dados', rank: 1 },
  { query: 'logica de programacao', course: 'Lógica de Programação para Iniciantes', rank: 1 },
  {
    query: 'certificacao aws',
    course: 'AWS Cloud Practitioner: Preparação para a Certificação',
    rank: 1,
  },
  { query: 'introducao ciberseguranca', course: 'Introdução à Cibersegurança', rank: 1 },
  { query: 'owasp seguranca web', course: 'Segurança em Aplicações Web: OWASP Top 10', rank: 1 },
  {
    query: 'machine learning scikit',
    course: 'Machine Learning Prático com scikit-learn',
    rank: 1,
  },
  {
    query: 'promises async await',
    course: 'JavaScript Moderno: Promises, Async/Await e Módulos',
    rank: 1,
  },
  { query: 'sites responsivos', course: 'HTML e CSS: Sites Responsivos do Zero', rank: 1 },
  { query: 'seaborn matplotib', course: 'Visualização de Dados com Matplotlib e Seaborn', rank: 1 },
  { query: 'Pyhton do zero', course: 'Python do Zero ao Primeiro Projeto', rank: 1 },
  {
    query: 'visualizacao de dados',
    course: 'Visualização de Dados com Matplotlib e Seaborn',
    rank: 1,
  },
  {
    query: 'curso de excel para negocios',
    course: 'Excel para Negócios: Fórmulas e Tabelas Dinâmicas',
    rank: 1,
  },
  { query: 'pandas', course: 'Ciência de Dados com Python e pandas', rank: 1 },
  // An educator's first name and a topic.
  { query: 'ana pandas', course: 'Ciência de Dados com Python e pandas', rank: 1 },
  { query: 'mateus typescript', course: 'TypeScript na Prática', rank: 1 },
  { query: 'camila figma', course: 'Figma: do Wireframe ao Protótipo', rank: 1 },
  { query: 'rafael docker', course: 'Docker Essencial para Programadores', rank: 1 },
  { query: 'tiago kotlin', course: 'Kotlin para Android', rank: 1 },
  { query: 'esperanca sql', course: 'SQL do Zero com PostgreSQL' },
];

let ctx: TestContext;
let uploadDir: string;

beforeAll(async () => {
  ctx = await createTestContext();
  uploadDir = await mkdtemp(path.join(os.tmpdir(), 'aprendiz-relevance-'));
  await seedDemoData(ctx.database.db, { uploadDir, demoAccounts: false });
}, 120_000);

afterAll(async () => {
  await ctx.close();
  await rm(uploadDir, { recursive: true, force: true });
});

async function titlesFor(query: string): Promise<string[]> {
  const res = await request(ctx.app).get('/api/course/search').query({ q: query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return courseSearchResponseSchema.parse(res.body).courses.map((course) => course.courseTitle);
}

describe('search relevance on the demo catalogue', () => {
  it('when the set is read, then it holds 40+ queries, each meaning a course of the catalogue', () => {
    expect(RELEVANCE.length).toBeGreaterThanOrEqual(40);
    const titles = new Set(SEED_COURSES.map((course) => course.title));
    for (const { course } of RELEVANCE) expect(titles, course).toContain(course);
  });

  for (const { query, course, rank } of RELEVANCE) {
    it(`when a learner types '${query}', then '${course}' is ${rank === 1 ? 'first' : 'in the top 3'}`, async () => {
      const titles = await titlesFor(query);
      const position = titles.indexOf(course);
      const allowed = rank ?? 3;
      expect(position, `${query} → ${titles.slice(0, 5).join(' | ')}`).toBeGreaterThanOrEqual(0);
      expect(position, `${query} → ${titles.slice(0, 5).join(' | ')}`).toBeLessThan(allowed);
    });
  }
});

async function searchFor(query: string) {
  const res = await request(ctx.app).get('/api/course/search').query({ q: query, pageSize: 60 });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return courseSearchResponseSchema.parse(res.body);
}

describe('level words and queries no single course answers', () => {
  const levelOf = new Map(SEED_COURSES.map((course) => [course.title, course.level]));

  it("when a learner types 'python avancado', then the list is the Python courses, advanced ones first, and no advanced course without Python pads it", async () => {
    const python = (await searchFor('python')).courses.map((course) => course.courseTitle);
    const both = (await searchFor('python avancado')).courses.map((course) => course.courseTitle);
    expect(new Set(both)).toEqual(new Set(python));
    const levels = both.map((title) => levelOf.get(title));
    const firstOther = levels.findIndex((level) => level !== 'avancado');
    expect(levels.slice(firstOther).includes('avancado'), both.join(' | ')).toBe(false);
  });

  it("when a learner types only a level ('avançado', 'iniciantes'), then every course of that level is found", async () => {
    const advanced = SEED_COURSES.filter((course) => course.level === 'avancado').map(
      (course) => course.title,
    );
    const found = (await searchFor('avançado')).courses.map((course) => course.courseTitle);
    for (const title of advanced) expect(found).toContain(title);
    const beginners = (await searchFor('iniciantes')).courses.map((c) =>
      levelOf.get(c.courseTitle),
    );
    expect(beginners).toContain('iniciante');
  });

  it('when every word is held by some course but none holds them all, then the answer says so; when one does, it does not', async () => {
    const apart = await searchFor('kotlin pandas');
    expect(apart.total).toBeGreaterThanOrEqual(2);
    expect(apart.unmatchedWords).toEqual([]);
    expect(apart.partialMatch).toBe(true);
    const together = await searchFor('python pandas');
    expect(together.partialMatch).toBeUndefined();
    expect((await searchFor('pandas')).partialMatch).toBeUndefined();
  });
});
