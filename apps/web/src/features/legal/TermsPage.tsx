import { Link } from "react-router-dom";
import { RESPONSABLE } from "./content.ts";
import { Bullets, LegalPage, Section } from "./LegalPage.tsx";

const linkClass =
  "font-semibold text-emerald-700 underline underline-offset-2 hover:text-emerald-800 focus-visible:rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500";

/** /terminos: the Términos y condiciones de uso. */
export function TermsPage() {
  return (
    <LegalPage
      title="Términos y condiciones de uso"
      other={{ to: "/privacidad", label: "la Política de tratamiento de datos personales" }}
      intro={
        <p>
          Estos términos regulan el uso de Valoriza, el mercado colaborativo de activos y créditos para Colombia. Al
          crear una cuenta o seguir usándola después de un cambio, aceptas esta versión.
        </p>
      }
    >
      <Section id="servicio" title="1. El servicio">
        <p>
          Valoriza te permite registrar bienes, tiempo y dinero, recibir créditos por ellos e intercambiarlos,
          venderlos, prestarlos, alquilarlos, donarlos o regalarlos a otras personas.
        </p>
      </Section>

      <Section id="cuenta" title="2. Tu cuenta">
        <Bullets>
          <li>Debes ser mayor de edad y dar datos verdaderos. Una persona, una cuenta.</li>
          <li>Eres responsable de guardar tu contraseña y de lo que se haga desde tu cuenta.</li>
          <li>
            Puedes eliminar tu cuenta cuando quieras desde{" "}
            <Link className={linkClass} to="/perfil">
              Mi Cuenta
            </Link>
            , siempre que no tengas operaciones en curso.
          </li>
        </Bullets>
      </Section>

      <Section id="creditos" title="3. Los créditos">
        <Bullets>
          <li>
            Los créditos son una unidad interna de la comunidad (1 crédito equivale a 1.000 COP como referencia). No son
            dinero de curso legal ni un depósito.
          </li>
          <li>
            Se emiten bloqueados al registrar un activo, se liberan al completar una operación y se destruyen al
            desactivarlo.
          </li>
          <li>
            Si eliminas tu cuenta, tus activos publicados se desactivan y tus créditos restantes se destruyen: no se
            reembolsan ni se transfieren.
          </li>
        </Bullets>
      </Section>

      <Section id="uso" title="4. Uso responsable">
        <Bullets>
          <li>Publica solo activos que te pertenecen, descritos con honestidad.</li>
          <li>No publiques contenido ilegal, ofensivo o que vulnere derechos de otras personas.</li>
          <li>No intentes obtener créditos con engaños ni abrir cuentas en masa.</li>
        </Bullets>
        <p>Podemos suspender cuentas que incumplan estos términos.</p>
      </Section>

      <Section id="operaciones" title="5. Operaciones entre personas">
        <p>
          Las operaciones se acuerdan entre las personas que participan. Valoriza registra los créditos, guarda los
          pagos en custodia hasta la entrega y ofrece herramientas para resolverlas, pero no es dueña de los activos
          publicados.
        </p>
      </Section>

      <Section id="datos" title="6. Tus datos personales">
        <p>
          Tratamos tus datos según la{" "}
          <Link className={linkClass} to="/privacidad">
            Política de tratamiento de datos personales
          </Link>
          , conforme a la Ley 1581 de 2012.
        </p>
      </Section>

      <Section id="cambios" title="7. Cambios, ley aplicable y contacto">
        <p>
          Si cambiamos estos términos publicaremos una nueva versión y te pediremos aceptarla antes de seguir. Se rigen
          por las leyes de la República de Colombia. Escríbenos a{" "}
          <a className={linkClass} href={`mailto:${RESPONSABLE.correo}`}>
            {RESPONSABLE.correo}
          </a>
          .
        </p>
      </Section>
    </LegalPage>
  );
}
