export type JobType = 'Full-time' | 'Part-time' | 'Internship';

export type Job = {
  id: string;
  title: string;
  company: string;
  type: JobType;
  /**
   * Shown as written, per month, in the currency the job pays where it is (reais in Brazil, euros in
   * Portugal, kwanzas in Angola, dollars for a remote contract elsewhere) whatever the site's market:
   * relabelling a salary in another currency would state a pay nobody offers.
   */
  salary: string;
  /** 'Presencial - {city}' or 'Remoto - {country}'. */
  location: string;
  remote: boolean;
  description: string;
  applyLink: string;
};

/** The job board's twenty static listings. */
export const jobs: Job[] = [
  {
    id: 'desenvolvedor-front-end-react-nuvem-digital',
    title: 'Desenvolvedor Front-end React',
    company: 'Nuvem Digital',
    type: 'Full-time',
    salary: 'R$ 8.500 /mês',
    location: 'Remoto - Brasil',
    remote: true,
    description:
      'Construa interfaces acessíveis e rápidas com React e TypeScript para uma plataforma usada por milhões de pessoas. Você vai trabalhar com design system próprio, testes automatizados e entregas contínuas, colaborando de perto com produto e design.',
    applyLink: 'https://example.com/vagas/desenvolvedor-front-end-react-nuvem-digital',
  },
  {
    id: 'desenvolvedora-back-end-node-js-pagafacil',
    title: 'Desenvolvedora Back-end Node.js',
    company: 'PagaFácil',
    type: 'Full-time',
    salary: 'R$ 9.200 /mês',
    location: 'Presencial - São Paulo, SP',
    remote: false,
    description:
      'Desenvolva APIs de pagamentos com Node.js, PostgreSQL e filas de mensagens. Buscamos alguém que goste de código limpo, observabilidade e de resolver problemas de escala com segurança.',
    applyLink: 'https://example.com/vagas/desenvolvedora-back-end-node-js-pagafacil',
  },
  {
    id: 'estagio-em-desenvolvimento-web-escola-conecta',
    title: 'Estágio em Desenvolvimento Web',
    company: 'Escola Conecta',
    type: 'Internship',
    salary: 'R$ 1.800 /mês',
    location: 'Presencial - Belo Horizonte, MG',
    remote: false,
    description:
      'Aprenda na prática com um time experiente: HTML, CSS, JavaScript e React no dia a dia, mentoria semanal e plano de carreira. Ideal para estudantes de computação ou áreas afins.',
    applyLink: 'https://example.com/vagas/estagio-em-desenvolvimento-web-escola-conecta',
  },
  {
    id: 'analista-de-dados-junior-mercado-rapido',
    title: 'Analista de Dados Júnior',
    company: 'Mercado Rápido',
    type: 'Full-time',
    salary: 'R$ 5.400 /mês',
    location: 'Remoto - Brasil',
    remote: true,
    description:
      'Transforme dados de vendas em decisões: consultas SQL, painéis e análises em Python. Você vai apoiar as equipes comerciais com relatórios claros e automatizar tarefas repetitivas.',
    applyLink: 'https://example.com/vagas/analista-de-dados-junior-mercado-rapido',
  },
  {
    id: 'desenvolvedor-mobile-kotlin-saude-ja',
    title: 'Desenvolvedor Mobile Kotlin',
    company: 'Saúde Já',
    type: 'Full-time',
    salary: 'R$ 8.000 /mês',
    location: 'Presencial - Recife, PE',
    remote: false,
    description:
      'Evolua o nosso aplicativo Android de telemedicina com Kotlin, Jetpack Compose e arquitetura limpa. Valorizamos testes, acessibilidade e atenção aos detalhes de experiência do usuário.',
    applyLink: 'https://example.com/vagas/desenvolvedor-mobile-kotlin-saude-ja',
  },
  {
    id: 'desenvolvedora-ios-swift-viaje-bem',
    title: 'Desenvolvedora iOS Swift',
    company: 'Viaje Bem',
    type: 'Full-time',
    salary: '2.300 € /mês',
    location: 'Remoto - Portugal',
    remote: true,
    description:
      'Crie novas funcionalidades no aplicativo iOS de reservas de viagem com Swift e SwiftUI. Trabalho remoto com time distribuído entre Brasil e Portugal.',
    applyLink: 'https://example.com/vagas/desenvolvedora-ios-swift-viaje-bem',
  },
  {
    id: 'engenheiro-de-software-java-banco-horizonte',
    title: 'Engenheiro de Software Java',
    company: 'Banco Horizonte',
    type: 'Full-time',
    salary: 'R$ 11.000 /mês',
    location: 'Presencial - Rio de Janeiro, RJ',
    remote: false,
    description:
      'Desenvolva microsserviços em Java e Spring Boot para produtos de crédito. Experiência com mensageria, bancos relacionais e práticas de DevOps será um diferencial.',
    applyLink: 'https://example.com/vagas/engenheiro-de-software-java-banco-horizonte',
  },
  {
    id: 'desenvolvedor-full-stack-meio-periodo-agencia-pixel',
    title: 'Desenvolvedor Full Stack (meio período)',
    company: 'Agência Pixel',
    type: 'Part-time',
    salary: 'R$ 3.600 /mês',
    location: 'Remoto - Brasil',
    remote: true,
    description:
      'Atue em projetos de clientes com React no front-end e Node.js no back-end, 20 horas por semana, com horários flexíveis e entregas bem planejadas.',
    applyLink: 'https://example.com/vagas/desenvolvedor-full-stack-meio-periodo-agencia-pixel',
  },
  {
    id: 'estagio-em-ciencia-de-dados-agrotech-sul',
    title: 'Estágio em Ciência de Dados',
    company: 'AgroTech Sul',
    type: 'Internship',
    salary: 'R$ 2.000 /mês',
    location: 'Presencial - Porto Alegre, RS',
    remote: false,
    description:
      'Apoie o time de dados em projetos de previsão de safra com Python, pandas e visualização de dados. Oferecemos mentoria, bolsa-auxílio e possibilidade de efetivação.',
    applyLink: 'https://example.com/vagas/estagio-em-ciencia-de-dados-agrotech-sul',
  },
  {
    id: 'analista-de-suporte-com-sql-logitrans',
    title: 'Analista de Suporte com SQL',
    company: 'LogiTrans',
    type: 'Full-time',
    salary: 'R$ 4.200 /mês',
    location: 'Presencial - Curitiba, PR',
    remote: false,
    description:
      'Investigue incidentes, escreva consultas SQL para diagnóstico e documente soluções para os clientes da nossa plataforma de logística.',
    applyLink: 'https://example.com/vagas/analista-de-suporte-com-sql-logitrans',
  },
  {
    id: 'desenvolvedor-typescript-senior-cloudbase',
    title: 'Desenvolvedor TypeScript Sênior',
    company: 'CloudBase',
    type: 'Full-time',
    salary: 'R$ 14.500 /mês',
    location: 'Remoto - Brasil',
    remote: true,
    description:
      'Lidere decisões técnicas em uma plataforma SaaS escrita em TypeScript de ponta a ponta. Procuramos experiência com arquitetura, revisão de código e mentoria de pessoas mais novas no time.',
    applyLink: 'https://example.com/vagas/desenvolvedor-typescript-senior-cloudbase',
  },
  {
    id: 'assistente-de-dados-em-excel-contabil-prime',
    title: 'Assistente de Dados em Excel',
    company: 'Contábil Prime',
    type: 'Part-time',
    salary: 'R$ 2.400 /mês',
    location: 'Presencial - Salvador, BA',
    remote: false,
    description:
      'Organize planilhas, crie tabelas dinâmicas e relatórios em Excel para o escritório. Meio período, com possibilidade de aprender Power BI e SQL.',
    applyLink: 'https://example.com/vagas/assistente-de-dados-em-excel-contabil-prime',
  },
  {
    id: 'engenheira-de-dados-streamflix-brasil',
    title: 'Engenheira de Dados',
    company: 'Streamflix Brasil',
    type: 'Full-time',
    salary: 'R$ 12.300 /mês',
    location: 'Remoto - Brasil',
    remote: true,
    description:
      'Construa pipelines de dados confiáveis com Python, SQL e ferramentas de orquestração. Você vai garantir qualidade e disponibilidade dos dados usados por todo o negócio.',
    applyLink: 'https://example.com/vagas/engenheira-de-dados-streamflix-brasil',
  },
  {
    id: 'estagio-em-desenvolvimento-mobile-applab',
    title: 'Estágio em Desenvolvimento Mobile',
    company: 'AppLab',
    type: 'Internship',
    salary: 'R$ 1.900 /mês',
    location: 'Presencial - Florianópolis, SC',
    remote: false,
    description:
      'Participe do desenvolvimento de aplicativos Android e iOS com acompanhamento de desenvolvedores experientes. Conhecimento básico de Kotlin ou Swift é desejável.',
    applyLink: 'https://example.com/vagas/estagio-em-desenvolvimento-mobile-applab',
  },
  {
    id: 'desenvolvedor-python-back-end-educamais',
    title: 'Desenvolvedor Python Back-end',
    company: 'EducaMais',
    type: 'Full-time',
    salary: 'Kz 1.200.000 /mês',
    location: 'Remoto - Angola',
    remote: true,
    description:
      'Mantenha e evolua as APIs da nossa plataforma educacional com Python e Django. Time remoto, com encontros presenciais duas vezes por ano.',
    applyLink: 'https://example.com/vagas/desenvolvedor-python-back-end-educamais',
  },
  {
    id: 'designer-de-interfaces-com-front-end-estudio-aurora',
    title: 'Designer de Interfaces com Front-end',
    company: 'Estúdio Aurora',
    type: 'Part-time',
    salary: 'R$ 3.200 /mês',
    location: 'Presencial - Fortaleza, CE',
    remote: false,
    description:
      'Desenhe e implemente interfaces com HTML, CSS e React, em parceria com a equipe de produto. Sensibilidade para acessibilidade e tipografia é essencial.',
    applyLink: 'https://example.com/vagas/designer-de-interfaces-com-front-end-estudio-aurora',
  },
  {
    id: 'engenheiro-devops-segura-seguros',
    title: 'Engenheiro DevOps',
    company: 'Segura Seguros',
    type: 'Full-time',
    salary: 'R$ 13.000 /mês',
    location: 'Presencial - São Paulo, SP',
    remote: false,
    description:
      'Automatize infraestrutura como código, pipelines de CI/CD e monitoramento em nuvem. Experiência com Docker, Kubernetes e Linux é necessária.',
    applyLink: 'https://example.com/vagas/engenheiro-devops-segura-seguros',
  },
  {
    id: 'desenvolvedora-javascript-junior-loja-conectada',
    title: 'Desenvolvedora JavaScript Júnior',
    company: 'Loja Conectada',
    type: 'Full-time',
    salary: 'R$ 4.800 /mês',
    location: 'Remoto - Brasil',
    remote: true,
    description:
      'Comece a carreira em um time acolhedor: JavaScript, React e testes no dia a dia, com pareamento frequente e trilha de aprendizado definida.',
    applyLink: 'https://example.com/vagas/desenvolvedora-javascript-junior-loja-conectada',
  },
  {
    id: 'analista-de-bi-meio-periodo-rede-farma',
    title: 'Analista de BI (meio período)',
    company: 'Rede Farma',
    type: 'Part-time',
    salary: 'US$ 800 /mês',
    location: 'Remoto - Moçambique',
    remote: true,
    description:
      'Crie painéis e indicadores a partir de bases SQL e Excel para as áreas de vendas e estoque. Trabalho remoto, 25 horas por semana.',
    applyLink: 'https://example.com/vagas/analista-de-bi-meio-periodo-rede-farma',
  },
  {
    id: 'estagio-em-back-end-java-financaja',
    title: 'Estágio em Back-end Java',
    company: 'FinançaJá',
    type: 'Internship',
    salary: 'R$ 2.100 /mês',
    location: 'Presencial - Campinas, SP',
    remote: false,
    description:
      'Aprenda Java e Spring Boot construindo funcionalidades reais de um aplicativo financeiro, com mentoria diária e revisão de código cuidadosa.',
    applyLink: 'https://example.com/vagas/estagio-em-back-end-java-financaja',
  },
];
