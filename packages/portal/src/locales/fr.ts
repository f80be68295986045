
    // Do not modify this file by hand!
    // Re-generate this file by running lit-localize

    
    

    /* eslint-disable no-irregular-whitespace */
    /* eslint-disable @typescript-eslint/no-explicit-any */

    export const templates = {
      's0a11c2ffb8309d1a': `Introuvable`,
's22bfea7d9fffba58': `Retour aux vérifications`,
's24b1dafb1b20370c': `Équipe`,
's3d197283cb019b5a': `Vue d’ensemble`,
's49e763aed00877a8': `Principale`,
's622421be65bb31bc': `Facturation`,
's6c76b294d740446c': `Activité`,
's7859e0b546108aae': `Liens`,
's7cb4e55c59663b1c': `Entreprise`,
's7cfe12cd14df9950': `Se déconnecter`,
's81623a8880a9c8b6': `Services cloud`,
's88a2a0ea26a4cc3a': `Développeurs`,
'sb59d68ed12d46377': `Chargement`,
'scbb82c4fa8157948': `IDV · Compte`,
'sd52e72ecec0a37d7': `Vérifications`,
'sefcf950b3cc4fc3b': `Langue`,
    };
  