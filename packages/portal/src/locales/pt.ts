
    // Do not modify this file by hand!
    // Re-generate this file by running lit-localize

    
    

    /* eslint-disable no-irregular-whitespace */
    /* eslint-disable @typescript-eslint/no-explicit-any */

    export const templates = {
      's0a11c2ffb8309d1a': `Não encontrado`,
's22bfea7d9fffba58': `Voltar às verificações`,
's24b1dafb1b20370c': `Equipe`,
's3d197283cb019b5a': `Visão geral`,
's49e763aed00877a8': `Principal`,
's622421be65bb31bc': `Faturamento`,
's6c76b294d740446c': `Atividade`,
's7859e0b546108aae': `Links`,
's7cb4e55c59663b1c': `Empresa`,
's7cfe12cd14df9950': `Sair`,
's81623a8880a9c8b6': `Serviços na nuvem`,
's88a2a0ea26a4cc3a': `Desenvolvedores`,
'sb59d68ed12d46377': `Carregando`,
'scbb82c4fa8157948': `IDV · Conta`,
'sd52e72ecec0a37d7': `Verificações`,
'sefcf950b3cc4fc3b': `Idioma`,
    };
  