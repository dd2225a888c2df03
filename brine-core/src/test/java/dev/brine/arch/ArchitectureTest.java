package dev.brine.arch;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.assignableTo;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.equivalentTo;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.brine.BrineException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The package structure of brine-core (docs/architecture.md), checked on every build: a rule broken
 * here fails {@code mvn verify} with the offending dependency named.
 */
class ArchitectureTest {
  private static JavaClasses core;

  @BeforeAll
  static void importCore() {
    core = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("dev.brine");
  }

  /** The rules below can fail: the same kind of rule finds the dependencies that do exist. */
  @Test
  void rulesSeeRealDependencies() {
    assertTrue(core.size() > 50, "imported " + core.size() + " classes");
    assertTrue(noClasses().that().resideInAPackage("dev.brine.context")
        .should().dependOnClassesThat(resideInAPackage("dev.brine.registry")).evaluate(core).hasViolation());
    assertTrue(noClasses().that().resideInAPackage("dev.brine.serializer")
        .should().dependOnClassesThat(resideInAPackage("dev.brine.*..")).evaluate(core).hasViolation());
  }

  @Test
  void subpackagesHaveNoCycles() {
    slices().matching("dev.brine.(*)..").should().beFreeOfCycles().check(core);
  }

  /**
   * The root package is the API on top: below it, only its exception types and the {@code @Field}
   * annotation (which depends on nothing) are used, so no cycle hides behind it.
   */
  @Test
  void subpackagesUseOnlyTheRootExceptions() {
    noClasses().that().resideInAPackage("dev.brine.*..")
        .should().dependOnClassesThat(resideInAPackage("dev.brine").and(not(assignableTo(BrineException.class)))
            .and(not(equivalentTo(dev.brine.Field.class))))
        .check(core);
  }

  /** What a user implements depends on nothing but itself, the root exceptions and java.*. */
  @Test
  void extensionApiStandsAlone() {
    classes().that().resideInAPackage("dev.brine.serializer")
        .should().onlyDependOnClassesThat(resideInAnyPackage("dev.brine.serializer", "java..")
            .or(assignableTo(BrineException.class)))
        .check(core);
  }

  /** The sessions learn what they need about a type from its ClassInfo, never from a serializer's class. */
  @Test
  void contextsNameNoConcreteSerializer() {
    noClasses().that().resideInAPackage("dev.brine.context")
        .should().dependOnClassesThat(resideInAnyPackage("dev.brine.builtin..", "dev.brine.reflect..",
            "dev.brine.javaser..", "dev.brine.codegen..", "dev.brine.factory.."))
        .check(core);
  }

  /** The bottom layers: bytes, security and the type registry know nothing of how values are written. */
  @Test
  void lowerLayersStayLow() {
    noClasses().that().resideInAnyPackage("dev.brine.io..", "dev.brine.security..")
        .should().dependOnClassesThat(resideInAPackage("dev.brine.*..")
            .and(not(resideInAnyPackage("dev.brine.io..", "dev.brine.security.."))))
        .check(core);
    noClasses().that().resideInAPackage("dev.brine.registry..")
        .should().dependOnClassesThat(resideInAnyPackage("dev.brine.context..", "dev.brine.builtin..",
            "dev.brine.reflect..", "dev.brine.javaser..", "dev.brine.codegen..", "dev.brine.factory..",
            "dev.brine.plan.."))
        .check(core);
  }

  /** Only the factory chooses between generated and interpreted serializers. */
  @Test
  void onlyTheFactoryKnowsBothBackEnds() {
    noClasses().that().resideOutsideOfPackages("dev.brine.factory..", "dev.brine")
        .should().dependOnClassesThat(resideInAnyPackage("dev.brine.factory.."))
        .check(core);
    noClasses().that().resideInAPackage("dev.brine.codegen..")
        .should().dependOnClassesThat(resideInAnyPackage("dev.brine.reflect.."))
        .check(core);
    noClasses().that().resideInAPackage("dev.brine.reflect..")
        .should().dependOnClassesThat(resideInAnyPackage("dev.brine.codegen.."))
        .check(core);
  }
}
