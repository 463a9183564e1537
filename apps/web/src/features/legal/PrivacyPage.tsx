import { Link } from "react-router-dom";
import { RESPONSABLE } from "./content.ts";
import { Bullets, LegalPage, Section } from "./LegalPage.tsx";

const linkClass =
  "font-semibold text-emerald-700 underline underline-offset-2 hover:text-emerald-800 focus-visible:rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500";

/** /privacidad: the Política de tratamiento de datos personales and its aviso de privacidad (Ley 1581, Decreto 1377). */
export function PrivacyPage() {
  return (
    <LegalPage
      title="Política de tratamiento de datos personales"
      other={{ to: "/terminos", label: "los Términos y condiciones" }}
      intro={
        <p>
          Esta política y aviso de privacidad explica quién trata tus datos personales en Valoriza, para qué, qué
          derechos tienes y cómo ejercerlos, conforme a la Ley 1581 de 2012 y el Decreto 1377 de 2013 (compilado en el
          Decreto 1074 de 2015).
        </p>
      }
    >
      <Section id="responsable" title="1. Responsable del tratamiento">
        <p>
          El responsable del tratamiento de tus datos es <strong>{RESPONSABLE.nombre}</strong>, con domicilio en{" "}
          {RESPONSABLE.domicilio}. Puedes escribirnos a{" "}
          <a className={linkClass} href={`mailto:${RESPONSABLE.correo}`}>
            {RESPONSABLE.correo}
          </a>{" "}
          para cualquier asunto sobre tus datos personales.
        </p>
      </Section>

      <Section id="datos" title="2. Datos que tratamos">
        <Bullets>
          <li>
            Datos de tu cuenta: nombre, apellido, correo electrónico y contraseña (guardada cifrada, nunca legible).
          </li>
          <li>
            Datos que decides agregar a tu perfil: país, ciudad, teléfono, sexo, fecha de nacimiento, tipo de usuario,
            descripción y redes sociales.
          </li>
          <li>
            Tus activos (descripciones, fotos, ubicación aproximada), tus créditos, movimientos, operaciones, mensajes
            de chat y notificaciones.
          </li>
          <li>Datos técnicos necesarios para la seguridad: dirección IP y fechas de acceso.</li>
        </Bullets>
        <p>No pedimos datos sensibles. Valoriza no está dirigida a menores de 18 años.</p>
      </Section>

      <Section id="finalidades" title="3. Finalidades">
        <Bullets>
          <li>Crear y administrar tu cuenta y verificar tu correo electrónico.</li>
          <li>
            Publicar tus activos, calcular y registrar tus créditos y permitir ventas, intercambios, préstamos,
            alquileres, donaciones, custodias y retiros.
          </li>
          <li>Permitir la comunicación entre las personas que participan en una operación.</li>
          <li>Enviarte avisos de tu cuenta y de tus operaciones (no enviamos publicidad sin tu autorización).</li>
          <li>Prevenir fraudes, proteger la seguridad de la plataforma y cumplir obligaciones legales.</li>
          <li>Elaborar estadísticas agregadas de la economía de créditos, sin identificar a nadie.</li>
        </Bullets>
        <p>
          Tu nombre, ciudad y país se muestran junto a los activos que publicas. Nunca mostramos tu correo a otras
          personas ni vendemos tus datos.
        </p>
      </Section>

      <Section id="derechos" title="4. Tus derechos como titular">
        <p>De acuerdo con el artículo 8 de la Ley 1581 de 2012, tienes derecho a:</p>
        <Bullets>
          <li>
            <strong>Conocer</strong> tus datos personales y acceder a ellos de forma gratuita.
          </li>
          <li>
            <strong>Actualizar</strong> y <strong>rectificar</strong> tus datos cuando estén incompletos, sean inexactos
            o induzcan a error.
          </li>
          <li>
            <strong>Suprimir</strong> tus datos cuando no se respeten los principios, derechos y garantías legales, o
            cuando decidas eliminar tu cuenta.
          </li>
          <li>
            <strong>Revocar</strong> la autorización que nos diste para tratar tus datos.
          </li>
          <li>Solicitar prueba de la autorización otorgada y ser informado del uso que damos a tus datos.</li>
          <li>
            Presentar quejas ante la Superintendencia de Industria y Comercio (SIC) una vez agotado el trámite ante
            nosotros.
          </li>
        </Bullets>
      </Section>

      <Section id="ejercer" title="5. Cómo ejercer tus derechos">
        <Bullets>
          <li>
            En{" "}
            <Link className={linkClass} to="/perfil">
              Mi Cuenta
            </Link>{" "}
            puedes consultar y actualizar tus datos, usar <strong>Descargar mis datos</strong> para obtener una copia
            completa y <strong>Eliminar mi cuenta</strong> para suprimir tus datos y revocar la autorización.
          </li>
          <li>
            También puedes escribir a{" "}
            <a className={linkClass} href={`mailto:${RESPONSABLE.correo}`}>
              {RESPONSABLE.correo}
            </a>{" "}
            desde el correo de tu cuenta, indicando tu nombre, lo que solicitas y los documentos que quieras aportar.
          </li>
          <li>
            Respondemos las consultas en máximo 10 días hábiles y los reclamos (corrección, actualización, supresión o
            revocatoria) en máximo 15 días hábiles, prorrogables en los términos de la ley.
          </li>
        </Bullets>
        <p>
          Al eliminar tu cuenta borramos tus datos personales. Conservamos los registros contables de créditos, que no
          contienen datos personales, porque el balance de la economía de créditos depende de ellos.
        </p>
      </Section>

      <Section id="seguridad" title="6. Seguridad, encargados y transferencias">
        <p>
          Protegemos tus datos con medidas técnicas y administrativas razonables (contraseñas cifradas, conexiones
          seguras, acceso restringido). Podemos apoyarnos en proveedores de alojamiento y envío de correo que actúan
          como encargados del tratamiento y solo usan tus datos para prestarnos ese servicio.
        </p>
      </Section>

      <Section id="vigencia" title="7. Vigencia y cambios">
        <p>
          Esta política rige desde la fecha indicada arriba y mientras Valoriza trate tus datos. Si la cambiamos de
          forma sustancial, publicaremos una nueva versión y te pediremos aceptarla de nuevo antes de seguir usando la
          plataforma.
        </p>
      </Section>
    </LegalPage>
  );
}
