import { brand } from "#app/config/brand.ts";
import type { MarketingPage } from "#app/content/types.ts";

// Legal texts. DECISIONS.md: the "last updated" date is fixed here, not computed, because a
// date that changes every day misleads readers. Change LEGAL_LAST_UPDATED only when the
// wording of these texts changes.
export const LEGAL_LAST_UPDATED = "2025-09-01";

export type LegalPage = MarketingPage & { lastUpdated: string };

const operator = `${brand.legalName} (CIF ${brand.taxId}), con domicilio en ${brand.address.street}, ${brand.address.postalCode} ${brand.address.city}, ${brand.address.country}`;

export const privacidadPage: LegalPage = {
  path: "/politica-privacidad",
  source: "politica-privacidad",
  breadcrumb: "Política de privacidad",
  lastUpdated: LEGAL_LAST_UPDATED,
  seo: {
    title: "Política de privacidad de NidoSmart",
    description: `Cómo trata ${brand.legalName} los datos personales de clientes, visitantes y huéspedes: finalidades, base legal, conservación y derechos.`,
    keywords: ["política de privacidad NidoSmart", "RGPD", "protección de datos"],
  },
  h1: "Política de privacidad",
  sections: [
    {
      type: "prose",
      heading: "Responsable del tratamiento",
      paragraphs: [
        `El responsable del tratamiento de los datos recogidos en este sitio web es ${operator}. Puedes escribirnos sobre cualquier cuestión de privacidad a ${brand.privacyEmail}.`,
      ],
    },
    {
      type: "prose",
      heading: "Qué datos tratamos",
      paragraphs: ["Tratamos únicamente los datos necesarios para cada finalidad:"],
      list: [
        "Formularios de contacto y de demostración: nombre, correo electrónico, teléfono, empresa, número y tipo de alojamientos, ciudad, tipo de propietario y el mensaje que nos envíes.",
        "Clientes: datos de facturación, usuarios del panel y configuración de sus alojamientos.",
        "Dispositivo NS-01: niveles de sonido en decibelios, conteo anónimo de personas, datos ambientales y eventos de seguridad. No se graban audio ni imágenes.",
        "Registro de viajeros: los datos que los huéspedes introducen en el enlace privado de su reserva, que tratamos por cuenta del propietario del alojamiento.",
        "Navegación: la página visitada, el dominio de procedencia y la fecha, sin cookies ni direcciones IP almacenadas.",
      ],
    },
    {
      type: "prose",
      heading: "Finalidades y base legal",
      paragraphs: [
        "Atendemos tus solicitudes de información y demostración con base en tu consentimiento y en la aplicación de medidas precontractuales. Prestamos el servicio contratado con base en la ejecución del contrato. Medimos el uso del sitio de forma agregada con base en nuestro interés legítimo en mejorarlo.",
        "Cuando tratamos los datos de los huéspedes para el registro de viajeros actuamos como encargado del tratamiento del propietario del alojamiento, que es quien está obligado por la normativa de registro de viajeros.",
      ],
    },
    {
      type: "prose",
      heading: "Conservación",
      paragraphs: [
        "Conservamos los datos de contacto mientras sea necesario para atender tu solicitud y, como máximo, dos años desde el último contacto si no llegas a ser cliente. Los datos de clientes se conservan durante la relación contractual y los plazos legales de prescripción. Los datos del registro de viajeros (identidad, documento, domicilio y firma de cada huésped) se conservan durante tres años desde la fecha de salida, como exige el Real Decreto 933/2021, y después se eliminan automáticamente; de la reserva solo quedan las fechas y el número de huéspedes. El registro de accesos a esos datos guarda quién los consultó y cuándo, no su contenido.",
      ],
    },
    {
      type: "prose",
      heading: "Destinatarios",
      paragraphs: [
        "No vendemos datos personales. Solo los comunicamos a proveedores que nos prestan servicios de alojamiento de datos, envío de correo y cobro, bajo contrato de encargo de tratamiento, y a las autoridades cuando la ley lo exige.",
      ],
    },
    {
      type: "prose",
      heading: "Tus derechos",
      paragraphs: [
        `Puedes ejercer tus derechos de acceso, rectificación, supresión, oposición, limitación del tratamiento y portabilidad escribiendo a ${brand.privacyEmail}. Si consideras que no hemos atendido correctamente tu solicitud, puedes reclamar ante la Agencia Española de Protección de Datos (www.aepd.es).`,
      ],
    },
  ],
};

export const terminosPage: LegalPage = {
  path: "/terminos-condiciones",
  source: "terminos-condiciones",
  breadcrumb: "Términos y condiciones",
  lastUpdated: LEGAL_LAST_UPDATED,
  seo: {
    title: "Términos y condiciones de NidoSmart",
    description: `Condiciones de uso del sitio web y de contratación del servicio NidoSmart, operado por ${brand.legalName}.`,
    keywords: ["términos y condiciones NidoSmart", "condiciones de contratación", "aviso legal"],
  },
  h1: "Términos y condiciones",
  sections: [
    {
      type: "prose",
      heading: "Titular del sitio web",
      paragraphs: [
        `Este sitio web y el servicio ${brand.name} son operados por ${operator}. Contacto: ${brand.email}, teléfono ${brand.phone}.`,
      ],
    },
    {
      type: "prose",
      heading: "Objeto",
      paragraphs: [
        `Estas condiciones regulan el uso de este sitio web y la contratación del servicio ${brand.name}, que combina el dispositivo ${brand.device} con una plataforma web de gestión de alojamientos.`,
      ],
    },
    {
      type: "prose",
      heading: "Precio y forma de pago",
      paragraphs: ["Salvo que se acuerde otra cosa por escrito en una propuesta comercial:"],
      list: [
        "El dispositivo NS-01 se entrega sin coste; el envío cuesta 15 € y se cobra una sola vez.",
        "El servicio cuesta 29 € al mes por alojamiento e incluye más de 40 servicios.",
        "No hay permanencia mínima: puedes cancelar en cualquier momento y la baja se aplica al final del mes en curso.",
        "El sistema de cobro aplica una comisión del 1,8 % por operación, con liquidación en T+1, sin cuota mensual ni coste de instalación.",
      ],
    },
    {
      type: "prose",
      heading: "Dispositivo y sustitución",
      paragraphs: [
        "El dispositivo se cede para su uso mientras la suscripción esté activa. Si falla, lo sustituimos en 24-48 horas. Al cancelar el servicio te indicaremos cómo devolverlo sin coste.",
      ],
    },
    {
      type: "prose",
      heading: "Uso responsable",
      paragraphs: [
        "El cliente se compromete a informar a sus huéspedes de la presencia del dispositivo y de las medidas de ruido y aforo, y a utilizar el servicio conforme a la normativa de protección de datos y de viviendas de uso turístico aplicable.",
      ],
    },
    {
      type: "prose",
      heading: "Propiedad intelectual",
      paragraphs: [
        `Los textos, ilustraciones, marcas y el software de este sitio pertenecen a ${brand.legalName} o a sus licenciantes. No está permitida su reproducción sin autorización.`,
      ],
    },
    {
      type: "prose",
      heading: "Legislación aplicable",
      paragraphs: [
        "Estas condiciones se rigen por la legislación española. Si eres consumidor, serán competentes los juzgados de tu domicilio; en otro caso, los de la ciudad del domicilio social del titular.",
      ],
    },
  ],
};

export const cookiesPage: LegalPage = {
  path: "/politica-cookies",
  source: "politica-cookies",
  breadcrumb: "Política de cookies",
  lastUpdated: LEGAL_LAST_UPDATED,
  seo: {
    title: "Política de cookies de NidoSmart",
    description: "Qué cookies utiliza el sitio web de NidoSmart, para qué sirven, cuánto duran y cómo puedes gestionarlas.",
    keywords: ["política de cookies NidoSmart", "cookies", "privacidad navegación"],
  },
  h1: "Política de cookies",
  sections: [
    {
      type: "prose",
      heading: "Qué son las cookies",
      paragraphs: [
        "Las cookies son pequeños archivos que un sitio web guarda en tu navegador para recordar información entre visitas.",
      ],
    },
    {
      type: "prose",
      heading: "Cookies que utilizamos",
      paragraphs: [
        "Las páginas públicas de este sitio no instalan cookies. Medimos las visitas sin cookies: solo registramos la página visitada, el dominio de procedencia y la fecha, sin identificarte.",
        "El área privada para el personal utiliza una cookie técnica de sesión, imprescindible para mantener iniciada la sesión. Se elimina al cerrar la sesión o cuando caduca.",
      ],
    },
    {
      type: "prose",
      heading: "Cookies analíticas",
      paragraphs: [
        "Si en el futuro incorporamos cookies analíticas, te pediremos antes tu consentimiento y su duración máxima será de 2 años. Esta política se actualizará para indicar cuáles son y quién las gestiona.",
      ],
    },
    {
      type: "prose",
      heading: "Cómo gestionarlas",
      paragraphs: [
        "Puedes consultar y eliminar las cookies desde la configuración de tu navegador. Si bloqueas la cookie de sesión, el área privada no funcionará.",
        `Para cualquier duda escríbenos a ${brand.privacyEmail}. El responsable es ${operator}.`,
      ],
    },
  ],
};

export const legalPages: LegalPage[] = [privacidadPage, terminosPage, cookiesPage];

export function getLegalPage(path: string): LegalPage | undefined {
  return legalPages.find((page) => page.path === path);
}

const MONTHS = [
  "enero",
  "febrero",
  "marzo",
  "abril",
  "mayo",
  "junio",
  "julio",
  "agosto",
  "septiembre",
  "octubre",
  "noviembre",
  "diciembre",
];

/** "2025-09-01" → "1 de septiembre de 2025". By hand, so the server and the browser agree exactly. */
export function spanishDate(iso: string): string {
  const [year, month, day] = iso.split("-").map(Number);
  return `${day} de ${MONTHS[month - 1]} de ${year}`;
}
