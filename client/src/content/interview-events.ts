export type InterviewEvent = {
  id: string;
  title: string;
  description: string;
  techstack: string[];
  image: string;
  ctaText: string;
  ctaLink: string;
  speakerName: string;
  speakerTitle: string;
};

/** The mock-interview section's static events (booking them is not built yet). */
export const interviewEvents: InterviewEvent[] = [
  {
    id: 'frontend-react',
    title: 'Entrevista simulada: Front-end com React',
    description:
      'Pratique uma entrevista técnica real de front-end: perguntas sobre componentes, estado e desempenho, seguidas de um desafio de código ao vivo e feedback individual.',
    techstack: ['React', 'TypeScript', 'CSS'],
    image: '/images/interviews/frontend-react.svg',
    ctaText: 'Quero participar',
    ctaLink: '/job-list',
    speakerName: 'Mariana Costa',
    speakerTitle: 'Engenheira de software sênior',
  },
  {
    id: 'backend-node',
    title: 'Entrevista simulada: Back-end com Node.js',
    description:
      'Modelagem de APIs, bancos de dados e escalabilidade em uma entrevista de back-end conduzida como nas grandes empresas de tecnologia.',
    techstack: ['Node.js', 'SQL', 'Docker'],
    image: '/images/interviews/backend-node.svg',
    ctaText: 'Reservar vaga',
    ctaLink: '/job-list',
    speakerName: 'Pedro Almeida',
    speakerTitle: 'Arquiteto de soluções em nuvem',
  },
  {
    id: 'data-python',
    title: 'Entrevista simulada: Dados com Python',
    description:
      'Resolva problemas de análise de dados com Python e SQL e aprenda a explicar o seu raciocínio com clareza para o entrevistador.',
    techstack: ['Python', 'SQL', 'Pandas'],
    image: '/images/interviews/data-python.svg',
    ctaText: 'Quero participar',
    ctaLink: '/job-list',
    speakerName: 'João Mendes',
    speakerTitle: 'Cientista de dados',
  },
];
