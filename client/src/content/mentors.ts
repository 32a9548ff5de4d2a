import type { Currency } from '@aprendiz/contract/rules/currency';

export type Mentor = {
  id: string;
  name: string;
  image: string;
  description: string;
  subjects: string[];
  /** 0 to 5. */
  rating: number;
  reviews: number;
  /** Per hour, in each market's own currency: a rate set for the market, never a conversion. */
  price: Record<Currency, number>;
};

/**
 * The spec's sample rate, 10 an hour, where 10 is a rate people pay (euros, dollars), and what a
 * mentoring hour costs in Brazil and Angola where it is not.
 */
const SAMPLE_RATE: Record<Currency, number> = { aoa: 10_000, brl: 60, eur: 10, usd: 10 };

/** Four sample mentors, each at the sample rate. */
export const mentors: Mentor[] = [
  {
    id: 'mariana-costa',
    name: 'Mariana Costa',
    image: '/images/mentors/mariana-costa.svg',
    description:
      'Engenheira de software sênior com dez anos de experiência em aplicações web de grande escala. Ajuda iniciantes a montar o primeiro portfólio, a preparar entrevistas técnicas e a escolher a próxima etapa da carreira com confiança.',
    subjects: [
      'JavaScript',
      'TypeScript',
      'React',
      'Node.js',
      'Carreira',
      'Entrevistas técnicas',
      'Portfólio',
      'Git',
      'Testes',
      'Arquitetura front-end',
      'Acessibilidade',
      'Performance web',
    ],
    rating: 4.9,
    reviews: 128,
    price: SAMPLE_RATE,
  },
  {
    id: 'joao-mendes',
    name: 'João Mendes',
    image: '/images/mentors/joao-mendes.svg',
    description:
      'Cientista de dados apaixonado por ensinar Python e estatística de forma prática, com projetos reais de análise e aprendizado de máquina.',
    subjects: ['Python', 'Ciência de dados', 'SQL', 'Machine Learning', 'Excel'],
    rating: 4.7,
    reviews: 86,
    price: SAMPLE_RATE,
  },
  {
    id: 'ana-beatriz-silva',
    name: 'Ana Beatriz Silva',
    image: '/images/mentors/ana-beatriz-silva.svg',
    description:
      'Desenvolvedora mobile que já publicou mais de vinte aplicativos nas lojas. Orienta quem quer criar apps nativos com Kotlin e Swift, do primeiro protótipo à publicação, com foco em boas práticas e experiência do usuário.',
    subjects: ['Kotlin', 'Swift', 'Android', 'iOS', 'UX mobile'],
    rating: 4.8,
    reviews: 64,
    price: SAMPLE_RATE,
  },
  {
    id: 'pedro-almeida',
    name: 'Pedro Almeida',
    image: '/images/mentors/pedro-almeida.svg',
    description:
      'Arquiteto de soluções em nuvem e especialista em Java. Mentora equipes e profissionais em back-end, microsserviços, bancos de dados e DevOps.',
    subjects: ['Java', 'Spring', 'Microsserviços', 'Docker', 'AWS', 'DevOps'],
    rating: 4.6,
    reviews: 51,
    price: SAMPLE_RATE,
  },
];
