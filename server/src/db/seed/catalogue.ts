/**
 * The demo catalogue as plain data. seed.ts turns it into rows: ids, lecture durations, video picks
 * and dates come from a seeded PRNG there, so this file only holds what a person would write.
 */
import type { CourseCategory, CourseLevel } from '@aprendiz/contract/catalogue';

export type CategoryId =
  | 'python'
  | 'data'
  | 'javascript'
  | 'react'
  | 'node'
  | 'typescript'
  | 'web'
  | 'ux'
  | 'flutter'
  | 'java'
  | 'kotlin'
  | 'swift'
  | 'algorithms'
  | 'sql'
  | 'excel'
  | 'git'
  | 'docker'
  | 'cloud'
  | 'security'
  | 'linux'
  | 'marketing'
  | 'career';

export interface SeedCategory {
  /** Where the catalogue files the topic's courses (the API's slug). */
  catalogueCategory: CourseCategory;
  /** Drawn large on the thumbnail; at most 5 characters. */
  monogram: string;
  /** Thumbnail gradient, top-left to bottom-right. */
  colors: readonly [string, string];
  /** Well-known public programming videos on the topic (YouTube ids). */
  videoIds: readonly string[];
}

export const SEED_CATEGORIES: Record<CategoryId, SeedCategory> = {
  python: {
    catalogueCategory: 'programacao',
    monogram: 'Py',
    colors: ['#1e3a8a', '#3776ab'],
    videoIds: ['rfscVS0vtbw', '_uQrJ0TkZlc', 'kqtD5dpn9C8', 'x7X9w_GIm1s'],
  },
  data: {
    catalogueCategory: 'dados-ia',
    monogram: 'DS',
    colors: ['#4c1d95', '#7c3aed'],
    videoIds: ['vmEHCJofslg', 'ua-CiDNNj30', 'i_LwzRVP7bg', 'aircAruvnKk'],
  },
  javascript: {
    catalogueCategory: 'programacao',
    monogram: 'JS',
    colors: ['#92400e', '#eab308'],
    videoIds: ['PkZNo7MFNFg', 'W6NZfCO5SIk', 'hdI2bqOjy3c', 'DHjqpvDnNGE'],
  },
  react: {
    catalogueCategory: 'programacao',
    monogram: 'Re',
    colors: ['#0e7490', '#22d3ee'],
    videoIds: ['bMknfKXIFA8', 'Ke90Tje7VS0', 'w7ejDZ8SWv8', 'Tn6-PIqc4UM'],
  },
  node: {
    catalogueCategory: 'programacao',
    monogram: 'Node',
    colors: ['#14532d', '#16a34a'],
    videoIds: ['Oe421EPjeBE', 'TlB_eWDSMt4', 'ENrzD9HAZK4'],
  },
  typescript: {
    catalogueCategory: 'programacao',
    monogram: 'TS',
    colors: ['#1e40af', '#3178c6'],
    videoIds: ['d56mG7DezGs', 'zQnBQ4tB3ZA', 'BwuLxPH8IDs'],
  },
  web: {
    catalogueCategory: 'programacao',
    monogram: '</>',
    colors: ['#9a3412', '#f97316'],
    videoIds: ['qz0aGYrrlhU', 'yfoY53QXEnI'],
  },
  ux: {
    catalogueCategory: 'design',
    monogram: 'UX',
    colors: ['#831843', '#ec4899'],
    videoIds: ['c9Wg6Cb_YlU', 'FTFaQWZBqQ8'],
  },
  flutter: {
    catalogueCategory: 'programacao',
    monogram: 'Fl',
    colors: ['#075985', '#38bdf8'],
    videoIds: ['VPvVD8t02U8', 'lHhRhPV--G0'],
  },
  java: {
    catalogueCategory: 'programacao',
    monogram: 'Java',
    colors: ['#7f1d1d', '#dc2626'],
    videoIds: ['eIrMbAQSU34', 'grEKMHGYyns', 'l9AzO1FMgM8'],
  },
  kotlin: {
    catalogueCategory: 'programacao',
    monogram: 'Kt',
    colors: ['#5b21b6', '#f97316'],
    videoIds: ['EExSSotojVI', 'xT8oP0wy-A0'],
  },
  swift: {
    catalogueCategory: 'programacao',
    monogram: 'Sw',
    colors: ['#c2410c', '#fb923c'],
    videoIds: ['nA6Jo6YnL9g', '8Xg7E9shq0U'],
  },
  algorithms: {
    catalogueCategory: 'programacao',
    monogram: '{ }',
    colors: ['#134e4a', '#14b8a6'],
    videoIds: ['8hly31xKli0', 'RBSGKlAvoiM'],
  },
  sql: {
    catalogueCategory: 'dados-ia',
    monogram: 'SQL',
    colors: ['#1e3a5f', '#336791'],
    videoIds: ['HXV3zeQKqGY', '7S_tz1z_5bA', 'zsjvFFKOm3c', 'n2Fluyr3lbc'],
  },
  excel: {
    catalogueCategory: 'negocios',
    monogram: 'XL',
    colors: ['#14532d', '#21a366'],
    videoIds: ['Vl0H-qTclOg'],
  },
  git: {
    catalogueCategory: 'programacao',
    monogram: 'Git',
    colors: ['#7c2d12', '#f05032'],
    videoIds: ['8JJ101D3knE', 'RGOj5yH7evk', 'SWYqp7iY_Tc', 'hwP7WQkmECE'],
  },
  docker: {
    catalogueCategory: 'infraestrutura-cloud',
    monogram: 'Dkr',
    colors: ['#0c4a6e', '#2496ed'],
    videoIds: ['fqMOX6JJhGo', 'pTFZFxd4hOI', '3c-iBn73dDE', 'Gjnup-PuquQ'],
  },
  cloud: {
    catalogueCategory: 'infraestrutura-cloud',
    monogram: 'Cloud',
    colors: ['#1f2937', '#f59e0b'],
    videoIds: ['3hLmDS179YE', 'PziYflu8cB8'],
  },
  security: {
    catalogueCategory: 'seguranca',
    monogram: 'Sec',
    colors: ['#111827', '#059669'],
    videoIds: ['U_P23SqJaDc', 'inWWhr5tnEA'],
  },
  linux: {
    catalogueCategory: 'infraestrutura-cloud',
    monogram: '$_',
    colors: ['#292524', '#57534e'],
    videoIds: ['sWbUDq4S6Y8', 'ZtqBQ68cfJc'],
  },
  // Every category of the catalogue's filter has courses: an empty one looks broken.
  marketing: {
    catalogueCategory: 'marketing',
    monogram: 'Mkt',
    colors: ['#831843', '#ec4899'],
    videoIds: ['Vl0H-qTclOg', 'HXV3zeQKqGY'],
  },
  career: {
    catalogueCategory: 'carreira',
    monogram: 'CV',
    colors: ['#312e81', '#6366f1'],
    videoIds: ['8JJ101D3knE', 'rfscVS0vtbw'],
  },
};

export type EducatorKey = 'ana' | 'mateus' | 'camila' | 'tiago' | 'esperanca' | 'rafael';

/** Portuguese, Angolan and Brazilian names, as the platform's audience. */
export const SEED_EDUCATORS: Record<EducatorKey, string> = {
  ana: 'Ana Beatriz Ferreira',
  mateus: 'Mateus Kalunga',
  camila: 'Camila Ribeiro',
  tiago: 'Tiago Moreira',
  esperanca: 'Esperança Domingos',
  rafael: 'Rafael Nascimento',
};

/** A chapter title and its lecture titles, in order. */
export type ChapterOutline = readonly [title: string, lectures: readonly string[]];

export interface SeedCourse {
  /** Stable name: thumbnail file name and the source of the course's deterministic id. */
  slug: string;
  title: string;
  /** The thumbnail's topic; its catalogueCategory is the course's category. */
  category: CategoryId;
  level: CourseLevel;
  educator: EducatorKey;
  price: number;
  discount: number;
  /** A dated discount: it ends this many days after the seed runs ('Faltam N dias a este preço!'). */
  discountDays?: number;
  /** Publication date, in days before the seed runs. */
  daysAgo: number;
  summary: string;
  outcomes: readonly string[];
  audience: string;
  chapters: readonly ChapterOutline[];
  /** Some educators keep every lecture locked; most open the first one as a preview. */
  noFreePreview?: true;
}

export const SEED_COURSES: readonly SeedCourse[] = [
  {
    slug: 'python-do-zero',
    title: 'Python do Zero ao Primeiro Projeto',
    category: 'python',
    level: 'iniciante',
    educator: 'ana',
    price: 0,
    discount: 0,
    daysAgo: 201,
    summary:
      'Aprenda a programar com Python sem qualquer experiência prévia. Começamos pela instalação e terminamos com um pequeno gestor de despesas escrito por você, passo a passo.',
    outcomes: [
      'Variáveis, tipos de dados e operadores',
      'Decisões com if e ciclos com for e while',
      'Listas, dicionários e funções reutilizáveis',
      'Ler e escrever arquivos de texto e CSV',
    ],
    audience: 'quem nunca programou e quer uma primeira linguagem simples e muito procurada.',
    chapters: [
      [
        'Primeiros passos',
        [
          'Boas-vindas ao curso',
          'Instalar o Python e o VS Code',
          'O primeiro programa: olá, mundo',
        ],
      ],
      [
        'Fundamentos da linguagem',
        [
          'Variáveis e tipos',
          'Operadores e expressões',
          'Entrada e saída de dados',
          'Condições com if, elif e else',
        ],
      ],
      [
        'Repetição e coleções',
        ['Ciclos for e while', 'Listas', 'Dicionários', 'Exercícios resolvidos'],
      ],
      [
        'Projeto final',
        [
          'Planejar o gerenciador de despesas',
          'Salvar dados em CSV',
          'Relatório mensal',
          'Próximos passos',
        ],
      ],
    ],
  },
  {
    slug: 'python-intermedio',
    title: 'Python Intermediário: Funções, Módulos e Testes',
    category: 'python',
    level: 'intermediario',
    educator: 'ana',
    price: 39.99,
    discount: 20,
    discountDays: 3,
    daysAgo: 152,
    summary:
      'Dê o salto de scripts soltos para código organizado. Vamos estruturar projetos em módulos, escrever funções claras, tratar erros com cuidado e proteger tudo com testes automáticos em pytest.',
    outcomes: [
      'Funções com argumentos nomeados, *args e **kwargs',
      'Módulos, pacotes e ambientes virtuais',
      'Exceções próprias e tratamento de erros',
      'Testes automáticos com pytest',
      'Compreensões de listas e geradores',
    ],
    audience: 'quem já escreve pequenos programas em Python e quer código mais limpo e fiável.',
    chapters: [
      [
        'Funções a sério',
        [
          'Argumentos posicionais e nomeados',
          '*args e **kwargs',
          'Funções como valores',
          'Decoradores sem mistério',
        ],
      ],
      [
        'Organizar um projeto',
        ['Módulos e pacotes', 'Ambientes virtuais com venv', 'Dependências com pip'],
      ],
      [
        'Erros e exceções',
        ['try, except e finally', 'Criar exceções próprias', 'Registrar erros com logging'],
      ],
      [
        'Testes com pytest',
        ['O primeiro teste', 'Fixtures', 'Testes parametrizados', 'Medir a cobertura'],
      ],
      [
        'Python idiomático',
        ['Compreensões de listas', 'Geradores e yield', 'Gestores de contexto'],
      ],
    ],
  },
  {
    slug: 'automacao-python',
    title: 'Automatização de Tarefas com Python',
    category: 'python',
    level: 'intermediario',
    educator: 'ana',
    price: 29.99,
    discount: 0,
    daysAgo: 41,
    summary:
      'Deixe o computador fazer o trabalho repetitivo. Vai automatizar a organização de arquivos, a leitura de planilhas, o envio de emails e a coleta de dados de páginas web com Python.',
    outcomes: [
      'Renomear e organizar milhares de arquivos',
      'Ler e gerar folhas de Excel com openpyxl',
      'Enviar emails e relatórios automáticos',
      'Extrair dados de páginas web',
    ],
    audience: 'profissionais de escritório e programadores que querem economizar horas por semana.',
    chapters: [
      [
        'Arquivos e pastas',
        ['Caminhos com pathlib', 'Organizar downloads automaticamente', 'Renomear em massa'],
      ],
      [
        'Planilhas',
        ['Ler Excel com openpyxl', 'Gerar relatórios formatados', 'Juntar várias planilhas'],
      ],
      [
        'Email e web',
        [
          'Enviar emails com smtplib',
          'Pedidos HTTP com requests',
          'Extrair dados com BeautifulSoup',
          'Agendar scripts',
        ],
      ],
    ],
  },
  {
    slug: 'ciencia-de-dados-python',
    title: 'Ciência de Dados com Python e pandas',
    category: 'data',
    level: 'intermediario',
    educator: 'ana',
    price: 79.99,
    discount: 30,
    discountDays: 5,
    daysAgo: 121,
    summary:
      'Transforme dados brutos em respostas. Neste curso prático vai limpar, explorar e resumir conjuntos de dados reais com pandas e NumPy, e apresentar conclusões que qualquer equipe consegue entender.',
    outcomes: [
      'Carregar dados de CSV, Excel e bancos de dados',
      'Limpar valores ausentes e duplicados',
      'Agrupar, filtrar e cruzar tabelas',
      'Estatística descritiva aplicada',
      'Comunicar resultados com gráficos simples',
    ],
    audience: 'analistas, estudantes e programadores que querem trabalhar com dados.',
    chapters: [
      [
        'Ambiente de trabalho',
        ['Jupyter Notebook e Anaconda', 'Arrays com NumPy', 'Primeiro DataFrame'],
      ],
      [
        'Limpeza de dados',
        ['Valores ausentes', 'Tipos e conversões', 'Duplicados e outliers', 'Datas e horas'],
      ],
      [
        'Exploração',
        [
          'Filtrar e ordenar',
          'groupby e agregações',
          'merge e join',
          'Tabelas dinâmicas com pivot_table',
        ],
      ],
      [
        'Estatística essencial',
        ['Médias, medianas e dispersão', 'Correlação não é causalidade', 'Amostragem'],
      ],
      [
        'Estudo de caso',
        ['Vendas de uma loja online', 'Perguntas de negócio', 'Apresentar as conclusões'],
      ],
    ],
  },
  {
    slug: 'machine-learning-pratico',
    title: 'Machine Learning Prático com scikit-learn',
    category: 'data',
    level: 'avancado',
    educator: 'ana',
    price: 89.99,
    discount: 15,
    daysAgo: 18,
    summary:
      'Construa modelos de aprendizagem automática que resolvem problemas reais: prever preços, classificar clientes e detetar anomalias. Sem matemática assustadora, com muita prática e boas métricas.',
    outcomes: [
      'Regressão e classificação supervisionadas',
      'Preparar dados e evitar fugas de informação',
      'Avaliar modelos com validação cruzada',
      'Árvores de decisão e random forests',
    ],
    audience: 'quem já usa pandas e quer dar o passo seguinte para a inteligência artificial.',
    chapters: [
      [
        'O que é machine learning',
        ['Tipos de aprendizagem', 'O fluxo de um projeto', 'Redes neuronais numa imagem'],
      ],
      [
        'Modelos supervisionados',
        [
          'Regressão linear',
          'Regressão logística',
          'Árvores de decisão',
          'Random forests',
          'k vizinhos mais próximos',
        ],
      ],
      [
        'Avaliação',
        [
          'Treino, validação e teste',
          'Métricas de classificação',
          'Validação cruzada',
          'Afinar hiperparâmetros',
        ],
      ],
      [
        'Projeto',
        ['Prever o preço de casas', 'Pipelines do scikit-learn', 'Salvar e servir o modelo'],
      ],
    ],
  },
  {
    slug: 'visualizacao-dados',
    title: 'Visualização de Dados com Matplotlib e Seaborn',
    category: 'data',
    level: 'intermediario',
    educator: 'ana',
    price: 24.99,
    discount: 10,
    daysAgo: 96,
    summary:
      'Um bom gráfico vale mais do que mil linhas de tabela. Aprenda a escolher o gráfico certo para cada pergunta e a desenhá-lo com Matplotlib e Seaborn, com cores, legendas e títulos que ajudam a ler.',
    outcomes: [
      'Gráficos de linhas, barras, dispersão e histogramas',
      'Escolher o gráfico certo para cada pergunta',
      'Paletas acessíveis e títulos que explicam',
      'Painéis com vários gráficos',
    ],
    audience: 'quem analisa dados e precisa de os mostrar a outras pessoas.',
    chapters: [
      ['Princípios', ['Porque visualizamos', 'Erros comuns em gráficos']],
      [
        'Matplotlib',
        ['Figuras e eixos', 'Linhas e barras', 'Anotações e legendas', 'Exportar imagens'],
      ],
      ['Seaborn', ['Distribuições', 'Relações entre variáveis', 'Mapas de calor']],
    ],
  },
  {
    slug: 'javascript-essencial',
    title: 'JavaScript Essencial para a Web',
    category: 'javascript',
    level: 'iniciante',
    educator: 'mateus',
    price: 34.99,
    discount: 25,
    discountDays: 2,
    daysAgo: 212,
    summary:
      'A linguagem que dá vida a todas as páginas web, explicada desde o início. Você vai entender variáveis, funções, objetos e eventos, e construir uma lista de tarefas interativa que funciona no navegador.',
    outcomes: [
      'Sintaxe moderna: let, const e arrow functions',
      'Arrays e objetos no dia a dia',
      'Manipular o DOM e responder a eventos',
      'Salvar dados no localStorage',
    ],
    audience: 'quem já conhece HTML e CSS e quer tornar as suas páginas interativas.',
    chapters: [
      [
        'Introdução',
        ['Onde roda o JavaScript', 'Console do navegador', 'Variáveis com let e const'],
      ],
      [
        'A linguagem',
        [
          'Tipos e conversões',
          'Funções e arrow functions',
          'Arrays e os seus métodos',
          'Objetos',
          'Condições e ciclos',
        ],
      ],
      [
        'O navegador',
        [
          'O que é o DOM',
          'Selecionar e alterar elementos',
          'Eventos de clique e teclado',
          'Formulários',
        ],
      ],
      [
        'Projeto: lista de tarefas',
        ['Estrutura da página', 'Adicionar e remover tarefas', 'Salvar no localStorage'],
      ],
    ],
  },
  {
    slug: 'javascript-moderno',
    title: 'JavaScript Moderno: Promises, Async/Await e Módulos',
    category: 'javascript',
    level: 'intermediario',
    educator: 'mateus',
    price: 44.99,
    discount: 10,
    daysAgo: 62,
    summary:
      'Domine as partes do JavaScript que mais confundem: assincronia, closures, o this, módulos e as novidades recentes da linguagem. Com exemplos curtos e exercícios que mostram o porquê de cada regra.',
    outcomes: [
      'Promises, async/await e tratamento de erros',
      'Closures e âmbito de variáveis',
      'Módulos ES e organização de código',
      'Desestruturação, spread e optional chaining',
    ],
    audience: 'programadores que já usam JavaScript e querem entender o que acontece por baixo.',
    chapters: [
      [
        'Sintaxe moderna',
        [
          'Desestruturação',
          'Spread e rest',
          'Optional chaining e nullish coalescing',
          'Template literals',
        ],
      ],
      [
        'Funções a fundo',
        ['Âmbito e closures', 'O this sem dores de cabeça', 'Funções de ordem superior'],
      ],
      [
        'Assincronia',
        [
          'O event loop',
          'Callbacks',
          'Promises',
          'async/await',
          'fetch e APIs',
          'Erros assíncronos',
        ],
      ],
      ['Módulos', ['import e export', 'Empacotar com Vite']],
    ],
  },
  {
    slug: 'react-do-zero',
    title: 'React 19 do Zero: Componentes, Hooks e Estado',
    category: 'react',
    level: 'iniciante',
    educator: 'mateus',
    price: 59.99,
    discount: 30,
    daysAgo: 76,
    summary:
      'Aprenda React construindo uma aplicação completa de receitas. Componentes, props, estado, efeitos e formulários explicados com calma, e boas práticas que vai usar em qualquer projeto profissional.',
    outcomes: [
      'Componentes e JSX',
      'Estado com useState e useReducer',
      'Efeitos e pedidos a APIs',
      'Formulários controlados',
      'Navegação com React Router',
    ],
    audience: 'quem sabe JavaScript e quer construir interfaces modernas.',
    chapters: [
      ['Começar', ['Por que React', 'Criar o projeto com Vite', 'JSX', 'O primeiro componente']],
      [
        'Componentes',
        ['Props', 'Listas e chaves', 'Renderização condicional', 'Composição com children'],
      ],
      [
        'Estado e efeitos',
        ['useState', 'Eventos', 'useEffect', 'Buscar dados de uma API', 'useReducer'],
      ],
      ['Formulários', ['Inputs controlados', 'Validação', 'Mensagens de erro acessíveis']],
      [
        'Aplicação de receitas',
        ['Rotas e páginas', 'Contexto compartilhado', 'Publicar a aplicação'],
      ],
    ],
  },
  {
    slug: 'react-avancado',
    title: 'React Avançado: Performance, Router e Testes',
    category: 'react',
    level: 'avancado',
    educator: 'mateus',
    price: 69.99,
    discount: 0,
    daysAgo: 12,
    summary:
      'Leve as suas aplicações React ao nível seguinte. Medir e melhorar a performance, carregar código sob demanda, gerenciar dados do servidor e testar componentes como um usuário real os usaria.',
    outcomes: [
      'Memoização com critério: memo, useMemo e useCallback',
      'Code splitting e lazy loading',
      'Testes com Testing Library e Vitest',
      'Padrões de componentes reutilizáveis',
    ],
    audience: 'programadores React que querem aplicações mais rápidas e fiáveis.',
    chapters: [
      [
        'Performance',
        [
          'Medir com o React Profiler',
          'Evitar renderizações inúteis',
          'Listas longas',
          'Lazy loading de rotas',
        ],
      ],
      [
        'Padrões',
        ['Hooks personalizados', 'Componentes compostos', 'Gestão de erros com error boundaries'],
      ],
      [
        'Testes',
        [
          'Vitest e Testing Library',
          'Testar interações',
          'Simular pedidos à API',
          'Testes de acessibilidade',
        ],
      ],
    ],
    noFreePreview: true,
  },
  {
    slug: 'node-express-apis',
    title: 'APIs REST com Node.js e Express',
    category: 'node',
    level: 'intermediario',
    educator: 'mateus',
    price: 54.99,
    discount: 20,
    daysAgo: 111,
    summary:
      'Construa o back-end de uma aplicação real: uma API REST com Node.js, Express e PostgreSQL, com autenticação, validação de dados, tratamento de erros e testes automáticos de ponta a ponta.',
    outcomes: [
      'Rotas, middleware e controladores em Express',
      'Banco de dados PostgreSQL com um ORM',
      'Autenticação com JWT',
      'Validação com zod e erros consistentes',
      'Testes de API com supertest',
    ],
    audience: 'programadores front-end que querem tornar-se full-stack.',
    chapters: [
      [
        'Node.js',
        ['O que é o Node.js', 'Módulos e npm', 'O sistema de arquivos', 'Um servidor HTTP à mão'],
      ],
      ['Express', ['Rotas', 'Middleware', 'Parâmetros e query strings', 'Tratamento de erros']],
      ['Dados', ['Ligar ao PostgreSQL', 'Migrações', 'CRUD completo', 'Transações']],
      ['Segurança', ['Hash de senhas', 'Tokens JWT', 'Limitar pedidos', 'CORS e helmet']],
      ['Qualidade', ['Testes com supertest', 'Logs estruturados', 'Colocar em produção']],
    ],
  },
  {
    slug: 'typescript-pratico',
    title: 'TypeScript na Prática',
    category: 'typescript',
    level: 'intermediario',
    educator: 'mateus',
    price: 39.99,
    discount: 50,
    daysAgo: 31,
    summary:
      'Escreva JavaScript com rede de segurança. Tipos, interfaces, genéricos e narrowing explicados com exemplos do dia a dia, e a migração gradual de um projeto existente de JavaScript para TypeScript.',
    outcomes: [
      'Tipos básicos, uniões e interseções',
      'Interfaces e tipos de objetos',
      'Genéricos sem medo',
      'Configurar o tsconfig em modo strict',
    ],
    audience: 'programadores JavaScript que querem menos erros em produção.',
    chapters: [
      [
        'Fundamentos',
        ['Por que TypeScript', 'Instalar e compilar', 'Tipos primitivos', 'Arrays e tuplas'],
      ],
      [
        'Modelar dados',
        ['Interfaces', 'Uniões e narrowing', 'Tipos literais', 'Enums e alternativas'],
      ],
      ['Tipos avançados', ['Genéricos', 'Utility types', 'Tipos condicionais']],
      [
        'Na prática',
        ['Migrar um projeto JavaScript', 'TypeScript com React', 'Validar dados externos com zod'],
      ],
    ],
  },
  {
    slug: 'html-css-responsivo',
    title: 'HTML e CSS: Sites Responsivos do Zero',
    category: 'web',
    level: 'iniciante',
    educator: 'camila',
    price: 14.99,
    discount: 100,
    daysAgo: 232,
    summary:
      'Crie o seu primeiro site do zero e publique-o na internet. HTML semântico, CSS moderno com Flexbox e Grid, e técnicas responsivas para que a página fique bem em um celular, em um tablet e em uma tela grande.',
    outcomes: [
      'Estrutura semântica com HTML5',
      'Seletores, cores e tipografia em CSS',
      'Layouts com Flexbox e Grid',
      'Media queries e design mobile-first',
    ],
    audience: 'iniciantes absolutos que querem criar páginas web bonitas e acessíveis.',
    chapters: [
      [
        'HTML',
        [
          'Como funciona uma página web',
          'Títulos, parágrafos e listas',
          'Links e imagens',
          'Formulários',
          'HTML semântico',
        ],
      ],
      [
        'CSS',
        [
          'Seletores e especificidade',
          'O modelo de caixa',
          'Cores e tipografia',
          'Flexbox',
          'Grid',
        ],
      ],
      ['Responsivo', ['Mobile-first', 'Media queries', 'Imagens responsivas']],
      ['Portfólio', ['Planejar o site', 'Construir as seções', 'Publicar no GitHub Pages']],
    ],
  },
  {
    slug: 'ux-fundamentos',
    title: 'Fundamentos de UX Design',
    category: 'ux',
    level: 'iniciante',
    educator: 'camila',
    price: 49.99,
    discount: 0,
    daysAgo: 141,
    summary:
      'Descubra como se desenham produtos digitais que as pessoas gostam de usar. Pesquisa com usuários, personas, jornadas, arquitetura de informação e testes de usabilidade, com exercícios em cada etapa.',
    outcomes: [
      'Entrevistas e pesquisa com usuários',
      'Personas e mapas de jornada',
      'Arquitetura de informação',
      'Testes de usabilidade de baixo custo',
    ],
    audience: 'designers, programadores e gestores de produto em início de carreira.',
    chapters: [
      ['O que é UX', ['UX e UI não são a mesma coisa', 'O processo de design centrado no usuário']],
      [
        'Pesquisa',
        ['Planejar entrevistas', 'Conduzir uma entrevista', 'Sintetizar descobertas', 'Personas'],
      ],
      ['Definir', ['Mapas de jornada', 'Arquitetura de informação', 'Fluxos de usuário']],
      [
        'Validar',
        ['Protótipos em papel', 'Testes de usabilidade', 'Iterar com base nos resultados'],
      ],
    ],
  },
  {
    slug: 'figma-prototipagem',
    title: 'Figma: do Wireframe ao Protótipo',
    category: 'ux',
    level: 'iniciante',
    educator: 'camila',
    price: 29.99,
    discount: 15,
    daysAgo: 52,
    summary:
      'Aprenda a usar o Figma como os profissionais: frames, auto layout, componentes, variantes e protótipos interativos. No fim, você terá desenhado um aplicativo móvel completo, pronto para mostrar em um portfólio.',
    outcomes: [
      'Frames, grelhas e auto layout',
      'Componentes e variantes reutilizáveis',
      'Sistemas de design simples',
      'Protótipos navegáveis para testar ideias',
    ],
    audience: 'quem quer desenhar interfaces, com ou sem experiência em design.',
    chapters: [
      [
        'Interface do Figma',
        ['Arquivos, páginas e frames', 'Formas, texto e cores', 'Atalhos essenciais'],
      ],
      ['Construir com método', ['Auto layout', 'Componentes', 'Variantes', 'Estilos e variáveis']],
      [
        'Prototipar',
        ['Ligações entre telas', 'Animações inteligentes', 'Compartilhar para testes'],
      ],
    ],
  },
  {
    slug: 'flutter-apps',
    title: 'Flutter: Apps Móveis para Android e iOS',
    category: 'flutter',
    level: 'intermediario',
    educator: 'camila',
    price: 74.99,
    discount: 40,
    daysAgo: 86,
    summary:
      'Um só código, duas plataformas. Aprenda Dart e Flutter construindo uma aplicação de notas com autenticação, armazenamento local e sincronização com a cloud, pronta para Android e iOS.',
    outcomes: [
      'A linguagem Dart',
      'Widgets, layouts e navegação',
      'Gestão de estado',
      'Persistência local e Firebase',
      'Publicar nas lojas de aplicações',
    ],
    audience: 'programadores que querem criar aplicações móveis nativas com uma só base de código.',
    chapters: [
      ['Dart', ['Variáveis e tipos', 'Funções e classes', 'Null safety', 'Futures e async']],
      [
        'Widgets',
        ['Stateless e stateful', 'Layouts com Row e Column', 'Listas', 'Temas e estilos'],
      ],
      [
        'Navegação e estado',
        ['Navegar entre telas', 'Passar dados', 'Gestão de estado com Provider'],
      ],
      ['Dados', ['Armazenamento local', 'Autenticação com Firebase', 'Sincronizar na cloud']],
      ['Publicação', ['Ícones e splash screen', 'Publicar na Play Store', 'Publicar na App Store']],
    ],
  },
  {
    slug: 'acessibilidade-web',
    title: 'Acessibilidade Web na Prática',
    category: 'ux',
    level: 'intermediario',
    educator: 'camila',
    price: 19.99,
    discount: 0,
    daysAgo: 8,
    summary:
      'Um site acessível serve todo mundo. Aprenda as diretrizes WCAG com exemplos concretos: contraste, navegação por teclado, leitores de tela, formulários e conteúdo multimédia, e como testar tudo isso.',
    outcomes: [
      'As diretrizes WCAG explicadas sem jargão',
      'Navegação por teclado e foco visível',
      'ARIA só quando é mesmo preciso',
      'Auditorias com axe e Lighthouse',
    ],
    audience: 'programadores front-end e designers que querem produtos inclusivos.',
    chapters: [
      ['Por que acessibilidade', ['Quem beneficia', 'As WCAG em dez minutos']],
      [
        'Na prática',
        [
          'HTML semântico primeiro',
          'Contraste e cor',
          'Teclado e foco',
          'Formulários acessíveis',
          'Leitores de tela',
        ],
      ],
      ['Testar', ['Auditorias automáticas', 'Testes manuais']],
    ],
  },
  {
    slug: 'java-fundamentos',
    title: 'Java: Fundamentos e Orientação a Objetos',
    category: 'java',
    level: 'iniciante',
    educator: 'tiago',
    price: 49.99,
    discount: 10,
    daysAgo: 191,
    summary:
      'Aprenda Java, uma das linguagens mais usadas em empresas e bancos. Da sintaxe básica às classes, herança, interfaces e coleções, com exercícios graduais e um projeto de gestão de biblioteca.',
    outcomes: [
      'Sintaxe, tipos e estruturas de controle',
      'Classes, objetos e encapsulamento',
      'Herança, polimorfismo e interfaces',
      'Coleções e streams',
    ],
    audience: 'iniciantes em programação e quem se prepara para entrevistas técnicas em Java.',
    chapters: [
      ['Preparar o ambiente', ['Instalar o JDK', 'O IntelliJ IDEA', 'Olá, Java']],
      ['Fundamentos', ['Tipos primitivos', 'Strings', 'Condições', 'Ciclos', 'Arrays', 'Métodos']],
      [
        'Orientação a objetos',
        [
          'Classes e objetos',
          'Encapsulamento',
          'Herança',
          'Polimorfismo',
          'Interfaces',
          'Classes abstratas',
        ],
      ],
      ['Coleções', ['List e ArrayList', 'Map e HashMap', 'Streams e lambdas']],
      ['Projeto', ['Modelar a biblioteca', 'Empréstimos e devoluções', 'Testes com JUnit']],
    ],
  },
  {
    slug: 'spring-boot-apis',
    title: 'APIs com Spring Boot',
    category: 'java',
    level: 'avancado',
    educator: 'tiago',
    price: 84.99,
    discount: 25,
    daysAgo: 46,
    summary:
      'Crie serviços web robustos com Spring Boot, o standard da indústria em Java. Controladores REST, JPA com PostgreSQL, validação, segurança com Spring Security e testes de integração.',
    outcomes: [
      'Controladores REST e DTOs',
      'Persistência com Spring Data JPA',
      'Validação e tratamento de erros',
      'Autenticação com Spring Security',
    ],
    audience: 'quem já programa em Java e quer trabalhar em back-end empresarial.',
    chapters: [
      [
        'Spring Boot',
        ['O ecossistema Spring', 'Criar o projeto no Initializr', 'Injeção de dependências'],
      ],
      ['API REST', ['Controladores', 'DTOs e mapeamento', 'Validação', 'Erros padronizados']],
      [
        'Persistência',
        ['Entidades JPA', 'Repositórios', 'Relações entre entidades', 'Migrações com Flyway'],
      ],
      ['Segurança e testes', ['Spring Security', 'Tokens JWT', 'Testes de integração']],
    ],
  },
  {
    slug: 'kotlin-android',
    title: 'Kotlin para Android',
    category: 'kotlin',
    level: 'intermediario',
    educator: 'tiago',
    price: 64.99,
    discount: 20,
    daysAgo: 101,
    summary:
      'Desenvolva aplicações Android modernas com Kotlin e Jetpack Compose. Da linguagem à publicação, vai construir uma aplicação de meteorologia que consome uma API pública e guarda favoritos.',
    outcomes: [
      'Kotlin: null safety, data classes e lambdas',
      'Interfaces declarativas com Jetpack Compose',
      'Arquitetura MVVM',
      'Consumir APIs com Retrofit e coroutines',
    ],
    audience: 'programadores que querem criar aplicações Android nativas.',
    chapters: [
      [
        'Kotlin',
        ['Variáveis e funções', 'Null safety', 'Classes e data classes', 'Coleções e lambdas'],
      ],
      ['Jetpack Compose', ['Composables', 'Estado', 'Listas e navegação', 'Material Design 3']],
      ['Arquitetura', ['ViewModel', 'Coroutines', 'Retrofit', 'Room para dados locais']],
    ],
  },
  {
    slug: 'swift-ios',
    title: 'Swift e SwiftUI: o Primeiro App iOS',
    category: 'swift',
    level: 'iniciante',
    educator: 'tiago',
    price: 79.99,
    discount: 35,
    daysAgo: 66,
    summary:
      'Entre no mundo Apple com Swift e SwiftUI. Vai aprender a linguagem, construir interfaces declarativas, navegar entre telas e salvar dados, até publicar a sua primeira aplicação de hábitos diários.',
    outcomes: [
      'Fundamentos da linguagem Swift',
      'Vistas e modificadores em SwiftUI',
      'Navegação e listas',
      'Persistência com SwiftData',
    ],
    audience: 'quem tem um Mac e quer criar aplicações para iPhone.',
    chapters: [
      [
        'Swift',
        ['Playgrounds', 'Constantes e variáveis', 'Opcionais', 'Structs e classes', 'Closures'],
      ],
      ['SwiftUI', ['Vistas e modificadores', 'Stacks e layout', 'Estado com @State', 'Listas']],
      [
        'A app de hábitos',
        ['Navegação', 'Salvar com SwiftData', 'Notificações', 'Enviar para a App Store'],
      ],
    ],
  },
  {
    slug: 'algoritmos-estruturas-dados',
    title: 'Algoritmos e Estruturas de Dados',
    category: 'algorithms',
    level: 'avancado',
    educator: 'tiago',
    price: 44.99,
    discount: 0,
    daysAgo: 161,
    summary:
      'A base que separa quem programa de quem resolve problemas. Complexidade, listas, pilhas, filas, árvores, grafos e os algoritmos clássicos de ordenação e pesquisa, explicados com desenhos e código.',
    outcomes: [
      'Notação Big O e análise de complexidade',
      'Listas ligadas, pilhas e filas',
      'Árvores, heaps e tabelas de dispersão',
      'Grafos, BFS e DFS',
      'Ordenação e pesquisa binária',
    ],
    audience: 'estudantes de informática e quem se prepara para entrevistas técnicas.',
    chapters: [
      [
        'Complexidade',
        ['Porque é que a eficiência importa', 'Notação Big O', 'Analisar um algoritmo'],
      ],
      ['Estruturas lineares', ['Arrays dinâmicos', 'Listas ligadas', 'Pilhas', 'Filas']],
      ['Árvores e dispersão', ['Árvores binárias de pesquisa', 'Heaps', 'Tabelas de dispersão']],
      ['Algoritmos clássicos', ['Pesquisa binária', 'Merge sort', 'Quick sort', 'Recursividade']],
      [
        'Grafos',
        [
          'Representar grafos',
          'Pesquisa em largura',
          'Pesquisa em profundidade',
          'Caminho mais curto',
        ],
      ],
      ['Entrevistas', ['Como abordar um problema', 'Problemas resolvidos']],
    ],
  },
  {
    slug: 'logica-programacao',
    title: 'Lógica de Programação para Iniciantes',
    category: 'algorithms',
    level: 'iniciante',
    educator: 'tiago',
    price: 9.99,
    discount: 100,
    daysAgo: 182,
    summary:
      'Antes da linguagem, o raciocínio. Aprenda a decompor problemas, escrever algoritmos em pseudocódigo e pensar como um programador, com exercícios curtos que preparam para qualquer linguagem.',
    outcomes: [
      'Decompor problemas em passos',
      'Pseudocódigo e fluxogramas',
      'Variáveis, condições e repetições',
      'Depurar o próprio raciocínio',
    ],
    audience: 'quem nunca programou e quer bases sólidas antes de escolher uma linguagem.',
    chapters: [
      ['Pensar como programador', ['O que é um algoritmo', 'Decompor problemas', 'Fluxogramas']],
      ['Construções básicas', ['Variáveis', 'Condições', 'Repetições', 'Exercícios guiados']],
    ],
  },
  {
    slug: 'sql-do-zero',
    title: 'SQL do Zero com PostgreSQL',
    category: 'sql',
    level: 'iniciante',
    educator: 'esperanca',
    price: 24.99,
    discount: 0,
    daysAgo: 216,
    summary:
      'Aprenda a falar com bancos de dados. Consultas, filtros, junções entre tabelas, agregações e modelação de dados com PostgreSQL, usando um banco de dados de uma loja para praticar desde a primeira aula.',
    outcomes: [
      'SELECT, WHERE, ORDER BY e LIMIT',
      'Junções entre tabelas',
      'GROUP BY e funções de agregação',
      'Criar tabelas, chaves e índices',
    ],
    audience: 'analistas, programadores e qualquer pessoa que trabalhe com dados.',
    chapters: [
      [
        'Introdução',
        [
          'O que é um banco de dados relacional',
          'Instalar o PostgreSQL',
          'O banco de dados da loja',
        ],
      ],
      [
        'Consultas',
        ['SELECT e WHERE', 'Ordenar e limitar', 'Operadores e padrões com LIKE', 'Valores nulos'],
      ],
      ['Relações', ['INNER JOIN', 'LEFT JOIN', 'Subconsultas']],
      ['Agregações', ['COUNT, SUM e AVG', 'GROUP BY e HAVING', 'Funções de data']],
      ['Modelação', ['Criar tabelas', 'Chaves primárias e estrangeiras', 'Índices', 'Transações']],
    ],
  },
  {
    slug: 'sql-analise-dados',
    title: 'SQL para Análise de Dados',
    category: 'sql',
    level: 'intermediario',
    educator: 'esperanca',
    price: 39.99,
    discount: 15,
    daysAgo: 56,
    summary:
      'Responda a perguntas de negócio diretamente no banco de dados. Funções de janela, CTEs, coortes, funis e séries temporais em SQL, com casos reais de vendas, retenção de clientes e marketing.',
    outcomes: [
      'CTEs para consultas legíveis',
      'Funções de janela: ROW_NUMBER, LAG e médias móveis',
      'Análise de coortes e retenção',
      'Funis de conversão',
    ],
    audience: 'quem já escreve consultas simples e quer fazer análises completas em SQL.',
    chapters: [
      ['Consultas legíveis', ['CTEs', 'CASE WHEN', 'Boas práticas de formatação']],
      ['Funções de janela', ['ROW_NUMBER e RANK', 'LAG e LEAD', 'Médias móveis', 'Percentis']],
      [
        'Casos de negócio',
        ['Receita por mês', 'Coortes de clientes', 'Funil de conversão', 'Clientes em risco'],
      ],
    ],
  },
  {
    slug: 'excel-negocios',
    title: 'Excel para Negócios: Fórmulas e Tabelas Dinâmicas',
    category: 'excel',
    level: 'iniciante',
    educator: 'esperanca',
    price: 19.99,
    discount: 10,
    daysAgo: 176,
    summary:
      'O Excel que usa todos os dias, finalmente dominado. Fórmulas essenciais, PROCX, formatação condicional, tabelas dinâmicas e gráficos para transformar listas de vendas em relatórios claros.',
    outcomes: [
      'Fórmulas e referências absolutas',
      'SE, SOMA.SE.S e PROCX',
      'Tabelas dinâmicas e segmentações',
      'Gráficos e formatação condicional',
    ],
    audience: 'profissionais de gestão, finanças e vendas.',
    chapters: [
      ['Bases', ['O livro e as folhas', 'Formatar dados', 'Referências relativas e absolutas']],
      [
        'Fórmulas',
        [
          'SOMA, MÉDIA e CONTAR',
          'A função SE',
          'SOMA.SE.S e CONTAR.SE.S',
          'PROCX',
          'Datas e texto',
        ],
      ],
      ['Análise', ['Tabelas do Excel', 'Tabelas dinâmicas', 'Segmentações', 'Gráficos']],
    ],
  },
  {
    slug: 'excel-power-query',
    title: 'Excel Avançado: Power Query e Dashboards',
    category: 'excel',
    level: 'avancado',
    educator: 'esperanca',
    price: 34.99,
    discount: 0,
    daysAgo: 22,
    summary:
      'Automatize a preparação de dados e construa dashboards que se atualizam sozinhos. Power Query para importar e limpar, modelo de dados com relações e um painel de indicadores interativo.',
    outcomes: [
      'Importar e limpar dados com Power Query',
      'Juntar arquivos de uma pasta',
      'Modelo de dados e relações',
      'Dashboards interativos',
    ],
    audience: 'quem já domina fórmulas e tabelas dinâmicas.',
    chapters: [
      [
        'Power Query',
        [
          'Importar de CSV e da web',
          'Transformações essenciais',
          'Juntar e acrescentar consultas',
          'Combinar arquivos de uma pasta',
        ],
      ],
      ['Modelo de dados', ['Relações entre tabelas', 'Medidas simples']],
      ['Dashboard', ['Desenhar o painel', 'Indicadores e gráficos', 'Atualizar com um clique']],
    ],
  },
  {
    slug: 'power-bi-relatorios',
    title: 'Power BI: Relatórios que Contam Histórias',
    category: 'data',
    level: 'intermediario',
    educator: 'esperanca',
    price: 54.99,
    discount: 30,
    daysAgo: 71,
    summary:
      'Do arquivo de Excel ao relatório compartilhado com toda a empresa. Aprenda a modelar dados, escrever medidas em DAX e desenhar relatórios interativos no Power BI que ajudam a tomar decisões.',
    outcomes: [
      'Power BI Desktop e o serviço online',
      'Modelação em estrela',
      'Medidas em DAX',
      'Storytelling com dados',
    ],
    audience: 'analistas e gestores que querem relatórios profissionais.',
    chapters: [
      ['Começar', ['Instalar o Power BI Desktop', 'Importar dados', 'O primeiro relatório']],
      ['Modelação', ['Tabelas de factos e dimensões', 'Relações', 'Tabela de calendário']],
      ['DAX', ['Colunas calculadas e medidas', 'CALCULATE', 'Inteligência temporal']],
      ['Relatórios', ['Visuais certos', 'Filtros e interações', 'Publicar e compartilhar']],
    ],
  },
  {
    slug: 'git-github',
    title: 'Git e GitHub do Zero',
    category: 'git',
    level: 'iniciante',
    educator: 'rafael',
    price: 0,
    discount: 0,
    daysAgo: 206,
    summary:
      'Nunca mais perca trabalho nem tenha medo de experimentar. Aprenda Git desde os primeiros commits até ramos, fusões e conflitos, e colabore em equipe no GitHub com pull requests e revisões de código.',
    outcomes: [
      'Commits, histórico e desfazer alterações',
      'Ramos, merge e resolução de conflitos',
      'Repositórios remotos no GitHub',
      'Pull requests e revisão de código',
    ],
    audience: 'qualquer pessoa que escreve código, sozinha ou em equipe.',
    chapters: [
      [
        'Git local',
        [
          'Por que controle de versões',
          'Instalar e configurar',
          'O primeiro commit',
          'Ver o histórico',
          'Desfazer alterações',
        ],
      ],
      ['Ramos', ['Criar ramos', 'Merge', 'Resolver conflitos', 'Rebase com cuidado']],
      ['GitHub', ['Repositórios remotos', 'push e pull', 'Pull requests', 'Issues e projetos']],
    ],
  },
  {
    slug: 'docker-essencial',
    title: 'Docker Essencial para Programadores',
    category: 'docker',
    level: 'intermediario',
    educator: 'rafael',
    price: 49.99,
    discount: 20,
    daysAgo: 131,
    summary:
      'Acabe com o "na minha máquina funciona". Aprenda a criar imagens, rodar contêineres, ligar serviços com Docker Compose e preparar um ambiente de desenvolvimento igual ao de produção.',
    outcomes: [
      'Imagens, contêineres e registros',
      'Escrever Dockerfiles eficientes',
      'Volumes e redes',
      'Ambientes multi-serviço com Docker Compose',
    ],
    audience: 'programadores que querem ambientes reproduzíveis e deploys sem surpresas.',
    chapters: [
      [
        'Conceitos',
        ['Contêineres e máquinas virtuais', 'Instalar o Docker', 'Rodar o primeiro contêiner'],
      ],
      [
        'Imagens',
        ['Dockerfile', 'Camadas e cache', 'Builds multi-etapa', 'Publicar no Docker Hub'],
      ],
      ['Dados e redes', ['Volumes', 'Redes', 'Variáveis de ambiente']],
      [
        'Docker Compose',
        ['O arquivo compose.yaml', 'Aplicação com banco de dados', 'Ambiente de desenvolvimento'],
      ],
    ],
  },
  {
    slug: 'kubernetes-introducao',
    title: 'Kubernetes: Introdução Prática',
    category: 'cloud',
    level: 'avancado',
    educator: 'rafael',
    price: 89.99,
    discount: 45,
    daysAgo: 26,
    summary:
      'Orquestre contêineres em escala. Pods, deployments, services, configurações e segredos explicados com um cluster local, até colocar uma aplicação completa rodando com atualizações sem interrupções.',
    outcomes: [
      'Arquitetura de um cluster',
      'Pods, deployments e services',
      'ConfigMaps e Secrets',
      'Escalar e atualizar sem interrupções',
    ],
    audience: 'quem já usa Docker e quer levar aplicações para produção.',
    chapters: [
      [
        'Fundamentos',
        ['Por que orquestração', 'Arquitetura do Kubernetes', 'Um cluster local com kind'],
      ],
      ['Objetos essenciais', ['Pods', 'Deployments', 'Services', 'Ingress']],
      ['Configuração', ['ConfigMaps', 'Secrets', 'Volumes persistentes']],
      ['Operar', ['Escalar', 'Rolling updates', 'Observar e depurar']],
    ],
    noFreePreview: true,
  },
  {
    slug: 'aws-cloud-practitioner',
    title: 'AWS Cloud Practitioner: Preparação para a Certificação',
    category: 'cloud',
    level: 'intermediario',
    educator: 'rafael',
    price: 69.99,
    discount: 10,
    daysAgo: 91,
    summary:
      'Prepare-se para a certificação AWS Certified Cloud Practitioner. Conceitos de cloud, serviços principais, segurança, preços e suporte, com questões de exame comentadas no fim de cada módulo.',
    outcomes: [
      'Conceitos de computação em cloud',
      'EC2, S3, RDS e Lambda',
      'Modelo de responsabilidade compartilhada',
      'Preços, faturação e suporte',
    ],
    audience: 'profissionais de TI e estudantes que querem a primeira certificação cloud.',
    chapters: [
      ['Cloud', ['O que é a cloud', 'Regiões e zonas de disponibilidade', 'Modelos de serviço']],
      [
        'Serviços principais',
        [
          'Computação com EC2',
          'Armazenamento com S3',
          'Bancos de dados',
          'Serverless com Lambda',
          'Redes e VPC',
        ],
      ],
      ['Segurança', ['Responsabilidade compartilhada', 'IAM', 'Boas práticas']],
      ['Custos e exame', ['Modelos de preço', 'Ferramentas de faturação', 'Simulado comentado']],
    ],
  },
  {
    slug: 'ciberseguranca-introducao',
    title: 'Introdução à Cibersegurança',
    category: 'security',
    level: 'iniciante',
    educator: 'rafael',
    price: 0,
    discount: 0,
    daysAgo: 146,
    summary:
      'Proteja-se a si e à sua organização. Ameaças comuns, phishing, senhas, autenticação de dois fatores, redes seguras e cópias de segurança, explicados para quem está começando na área.',
    outcomes: [
      'Principais ameaças e como atuam',
      'Reconhecer phishing e engenharia social',
      'Senhas fortes e 2FA',
      'Noções de criptografia',
    ],
    audience: 'qualquer pessoa curiosa e quem pondera uma carreira em segurança.',
    chapters: [
      ['Panorama', ['Porque é que a segurança importa', 'Tipos de ataques', 'O triângulo CIA']],
      [
        'Proteção pessoal',
        ['Phishing', 'Senhas e gestores', 'Autenticação de dois fatores', 'Cópias de segurança'],
      ],
      [
        'Fundamentos técnicos',
        ['Redes e firewalls', 'Criptografia para iniciantes', 'Carreiras em cibersegurança'],
      ],
    ],
  },
  {
    slug: 'seguranca-aplicacoes-web',
    title: 'Segurança em Aplicações Web: OWASP Top 10',
    category: 'security',
    level: 'avancado',
    educator: 'rafael',
    price: 59.99,
    discount: 0,
    daysAgo: 4,
    summary:
      'Escreva código que resiste a ataques. Injeção de SQL, XSS, falhas de autenticação e de controle de acessos, e as restantes categorias do OWASP Top 10, com exemplos vulneráveis e as respectivas correções.',
    outcomes: [
      'As dez categorias do OWASP Top 10',
      'Prevenir injeção de SQL e XSS',
      'Autenticação e sessões seguras',
      'Controle de acessos no servidor',
    ],
    audience: 'programadores web que querem aplicações seguras desde o primeiro dia.',
    chapters: [
      ['Modelo de ameaças', ['Pensar como um atacante', 'O OWASP Top 10']],
      ['Injeção', ['Injeção de SQL', 'Cross-site scripting', 'Injeção de comandos']],
      ['Identidade', ['Senhas e hashing', 'Sessões e tokens', 'Controle de acessos']],
      [
        'Configuração',
        ['Cabeçalhos de segurança', 'Dependências vulneráveis', 'Registros e monitoramento'],
      ],
    ],
  },
  {
    slug: 'linux-terminal',
    title: 'Linux e o Terminal para Programadores',
    category: 'linux',
    level: 'iniciante',
    educator: 'rafael',
    price: 12.99,
    discount: 0,
    daysAgo: 166,
    summary:
      'Perca o medo da tela preta. Navegar no sistema de arquivos, gerenciar permissões e processos, encadear comandos e escrever pequenos scripts em Bash que economizam horas de trabalho repetitivo.',
    outcomes: [
      'Navegar e manipular arquivos no terminal',
      'Permissões, usuários e processos',
      'Pipes, redirecionamento e grep',
      'Scripts em Bash',
    ],
    audience: 'programadores que usam Linux, macOS ou WSL todos os dias.',
    chapters: [
      ['O terminal', ['Por que o terminal', 'Navegar em pastas', 'Criar, copiar e mover arquivos']],
      ['O sistema', ['Permissões', 'Usuários e sudo', 'Processos e sinais', 'Pacotes']],
      [
        'Produtividade',
        [
          'Pipes e redirecionamento',
          'grep, sed e awk',
          'Scripts em Bash',
          'SSH e servidores remotos',
        ],
      ],
    ],
  },
  {
    slug: 'marketing-digital-produtos-tech',
    title: 'Marketing Digital para Produtos de Tecnologia',
    category: 'marketing',
    level: 'iniciante',
    educator: 'camila',
    price: 14.99,
    discount: 20,
    daysAgo: 58,
    summary:
      'Leve o seu produto ou serviço digital até quem precisa dele. Público-alvo, proposta de valor, SEO, redes sociais, e-mail marketing e métricas, com um plano de lançamento montado ao longo do curso.',
    outcomes: [
      'Definir público-alvo e proposta de valor',
      'Escrever para SEO e para redes sociais',
      'Montar uma sequência de e-mails',
      'Ler as métricas que importam',
    ],
    audience: 'quem cria ou vende produtos digitais e quer mais clientes sem um grande orçamento.',
    chapters: [
      ['Fundamentos', ['Público-alvo e personas', 'Proposta de valor', 'O funil de marketing']],
      ['Canais', ['SEO na prática', 'Redes sociais', 'E-mail marketing']],
      ['Medir e melhorar', ['Métricas e painéis', 'Testes A/B', 'Plano de lançamento']],
    ],
  },
  {
    slug: 'carreira-em-tecnologia',
    title: 'Carreira em Tecnologia: do Currículo à Entrevista',
    category: 'career',
    level: 'iniciante',
    educator: 'esperanca',
    price: 0,
    discount: 0,
    daysAgo: 34,
    summary:
      'Prepare-se para a primeira vaga ou para a próxima. Currículo, portfólio no GitHub, LinkedIn, entrevistas técnicas e comportamentais e negociação salarial, com exemplos de quem contrata.',
    outcomes: [
      'Um currículo que passa pela triagem',
      'Portfólio e perfil no LinkedIn',
      'Entrevistas técnicas e comportamentais',
      'Negociar a proposta',
    ],
    audience: 'quem está entrando na área de tecnologia ou quer mudar de emprego.',
    chapters: [
      ['Preparação', ['O mercado de tecnologia', 'Currículo', 'Portfólio no GitHub', 'LinkedIn']],
      ['Entrevistas', ['Entrevista comportamental', 'Desafio técnico', 'Perguntas para fazer']],
      ['A proposta', ['Comparar propostas', 'Negociação salarial', 'Os primeiros 90 dias']],
    ],
  },
];

/** When demo accounts are seeded, 'Educadora Demo' owns these, so her dashboard has data. */
export const DEMO_EDUCATOR_COURSES: readonly string[] = [
  'typescript-pratico',
  'excel-negocios',
  'logica-programacao',
];

/** Courses the demo student is enrolled in: one paid with progress under way, one free. */
export const DEMO_STUDENT_COURSES: readonly string[] = ['react-do-zero', 'git-github'];

/** Seeded students have no password: they exist so counts, ratings and earnings look alive. */
export const SEED_STUDENT_NAMES: readonly string[] = [
  'Beatriz Santos',
  'João Pedro Almeida',
  'Mariana Costa',
  'Francisco Lopes',
  'Inês Carvalho',
  'Duarte Martins',
  'Leonor Rodrigues',
  'Rodrigo Pereira',
  'Matilde Sousa',
  'Tomás Gonçalves',
  'Carolina Marques',
  'Afonso Pinto',
  'Kiluanji Neto',
  'Nzinga Mbala',
  'Edvaldo Cassoma',
  'Yara Tchiteculo',
  'Celso Muteka',
  'Isabel Lutonda',
  'Hélder Capitango',
  'Luzia Ngola',
  'Adilson Bunga',
  'Josefa Quissanga',
  'Manuel Cabinda',
  'Ndalu Manuel',
  'Lucas Oliveira',
  'Gabriela Souza',
  'Pedro Henrique Lima',
  'Larissa Araújo',
  'Gustavo Barbosa',
  'Juliana Rocha',
  'Felipe Cardoso',
  'Letícia Monteiro',
  'Thiago Batista',
  'Fernanda Teixeira',
  'Bruno Azevedo',
  'Amanda Freitas',
  'Vinícius Correia',
  'Patrícia Mendes',
  'Rui Fonseca',
  'Sofia Antunes',
];
