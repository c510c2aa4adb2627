package io.queuelatency.it;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * An integration test run by {@code mvn verify -Pfull-suite} and left out of the default {@code mvn verify} (CI's):
 * one whose runs take long on a slow host (a search, a fleet through ansible, a matrix resumed, the known-truth
 * pair) or whose code path another, cheaper test of the default set already runs on the real queue (a JDK's run,
 * which the shipped matrix makes on every JDK). docs/testing.md lists both sets and why.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Tag(FullSuite.TAG)
@interface FullSuite {
    /** The JUnit tag; the pom's failsafe leaves it out unless the full-suite profile is on. */
    String TAG = "full-suite";
}
