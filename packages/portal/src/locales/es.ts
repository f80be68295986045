
    // Do not modify this file by hand!
    // Re-generate this file by running lit-localize

    
    

    /* eslint-disable no-irregular-whitespace */
    /* eslint-disable @typescript-eslint/no-explicit-any */

    export const templates = {
      's0a11c2ffb8309d1a': `No encontrado`,
's22bfea7d9fffba58': `Volver a las verificaciones`,
's24b1dafb1b20370c': `Equipo`,
's3d197283cb019b5a': `Resumen`,
's49e763aed00877a8': `Principal`,
's622421be65bb31bc': `Facturación`,
's6c76b294d740446c': `Actividad`,
's7859e0b546108aae': `Enlaces`,
's7cb4e55c59663b1c': `Empresa`,
's7cfe12cd14df9950': `Cerrar sesión`,
's81623a8880a9c8b6': `Servicios en la nube`,
's88a2a0ea26a4cc3a': `Desarrolladores`,
'sb59d68ed12d46377': `Cargando`,
'scbb82c4fa8157948': `IDV · Cuenta`,
'sd52e72ecec0a37d7': `Verificaciones`,
'sefcf950b3cc4fc3b': `Idioma`,
    };
  