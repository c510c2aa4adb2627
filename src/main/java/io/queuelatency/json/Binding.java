package io.queuelatency.json;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.annotation.PropertyAccessor;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.util.StdConverter;
import io.queuelatency.result.Budget;
import io.queuelatency.exit.StoredFileException;
import io.queuelatency.result.CellId;
import io.queuelatency.result.CpuPair;
import io.queuelatency.result.FloorCell;
import io.queuelatency.result.Host;
import io.queuelatency.result.JvmFacts;
import io.queuelatency.result.JvmRelease;
import io.queuelatency.result.Latency;
import io.queuelatency.result.MatrixPlan;
import io.queuelatency.result.MessageCounts;
import io.queuelatency.result.Percentile;
import io.queuelatency.result.Pretouch;
import io.queuelatency.result.RunResult;
import io.queuelatency.result.SendRate;
import io.queuelatency.result.Settings;
import io.queuelatency.result.Tail;
import io.queuelatency.result.TailEvidence;
import io.queuelatency.result.ThreadStalls;
import io.queuelatency.result.Warning;
import io.queuelatency.result.WindowFacts;
import io.queuelatency.result.Why;
import io.queuelatency.words.JvmWords;
import io.queuelatency.words.RunWords;
import java.io.IOException;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The model bound to and from the stored files by its public fields, in the order they are declared; the mix-ins
 * below say where a file's key, order or omission differs, so that result/ stays free of Jackson. A stored value of
 * the wrong type is refused (no coercion, no number for a name); a null is an absent value, which keeps the field's
 * default, and a null inside a list or a map is refused.
 */
final class Binding {
    static final ObjectMapper FIELDS = JsonNodes.MAPPER.copy()
            .setVisibility(PropertyAccessor.ALL, JsonAutoDetect.Visibility.NONE)
            .setVisibility(PropertyAccessor.FIELD, JsonAutoDetect.Visibility.PUBLIC_ONLY)
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
            .setDefaultSetterInfo(JsonSetter.Value.construct(Nulls.SKIP, Nulls.FAIL))
            .registerModule(new SimpleModule().addDeserializer(double.class, new NumbersOnly(double.class))
                    .addDeserializer(Double.class, new NumbersOnly(Double.class)))
            .addMixIn(JvmFacts.class, JvmFactsMixIn.class)
            .addMixIn(Host.class, HostMixIn.class)
            .addMixIn(WindowFacts.class, WindowMixIn.class)
            .addMixIn(WindowFacts.Pauses.class, PausesMixIn.class)
            .addMixIn(MessageCounts.class, MessagesMixIn.class)
            .addMixIn(SendRate.class, NullsLeftOut.class) // handledPerSecond, from run/7
            .addMixIn(RunResult.QueueFacts.class, QueueMixIn.class)
            .addMixIn(Pretouch.class, NullsLeftOut.class)
            .addMixIn(RunResult.Floor.class, FloorMixIn.class)
            .addMixIn(FloorCell.class, FloorCellMixIn.class)
            .addMixIn(CpuPair.class, Required.class)
            .addMixIn(CpuPair.Relation.class, IdMixIn.class)
            .addMixIn(CpuPair.ChosenBy.class, IdMixIn.class)
            .addMixIn(TailEvidence.class, EvidenceMixIn.class)
            .addMixIn(ThreadStalls.class, StallsMixIn.class)
            .addMixIn(Tail.Beyond.class, BeyondMixIn.class)
            .addMixIn(Why.class, WhyMixIn.class)
            .addMixIn(CellId.class, CellIdMixIn.class)
            .addMixIn(MatrixPlan.class, PlanMixIn.class)
            .addMixIn(MatrixPlan.AutoPlan.class, AutoMixIn.class)
            .addMixIn(MatrixPlan.CapacityPlan.class, CapacityMixIn.class)
            .addMixIn(Budget.class, BudgetMixIn.class);

    private Binding() {
    }

    /** An object, or null for null. */
    static JsonNode tree(Object model) {
        return FIELDS.valueToTree(model);
    }

    /** The field at fault named by its path, in the words the field-by-field readers use. */
    static StoredFileException mistyped(JsonNodes at, JsonMappingException e) {
        StringBuilder name = new StringBuilder();
        JsonNode v = at.raw();
        for (JsonMappingException.Reference r : e.getPath()) {
            boolean field = r.getFieldName() != null;
            name.append(field ? (name.length() == 0 ? "" : ".") + r.getFieldName() : "[" + r.getIndex() + "]");
            v = field ? v.path(r.getFieldName()) : v.path(r.getIndex());
        }
        Class<?> type = e instanceof MismatchedInputException ? ((MismatchedInputException) e).getTargetType() : null;
        if (type != null && type.isEnum()) {
            return at.problem(name.toString(), v + " is not one of " + Arrays.stream(type.getEnumConstants())
                    .map(Object::toString).collect(Collectors.joining(", ")));
        }
        if (e.getCause() instanceof IllegalArgumentException) {
            return at.problem(name.toString(), e.getCause().getMessage());
        }
        String what = Arrays.asList(long.class, int.class, Long.class, Integer.class, long[].class).contains(type)
                ? "not a whole number"
                : type == double.class || type == Double.class ? "not a number"
                : type == boolean.class ? "not true or false"
                : e.getOriginalMessage().split("\\n")[0];
        return at.problem(name.toString(), what + ": " + v);
    }

    /** On a mix-in: a stored file must hold each numeric field of the class but those named. */
    @Retention(RetentionPolicy.RUNTIME)
    @interface NumbersRequired {
        String[] except() default {};
    }

    @NumbersRequired
    abstract static class Required {
    }

    /** Its release is derived, written after the fields and never read. */
    @NumbersRequired
    abstract static class JvmFactsMixIn {
        @JsonProperty("release")
        @JsonSerialize(converter = ReleaseWords.class)
        abstract JvmRelease.Build release();
    }

    /** result.json's host: environment.json has its own names (ResultJson). Its platform and pair are read by hand. */
    @NumbersRequired(except = {"queueFileSystemTotalBytes", "queueFileSystemFreeBytes"})
    abstract static class HostMixIn {
        @JsonProperty(access = JsonProperty.Access.WRITE_ONLY)
        String kernelCommandLine;
        /** A result stored before run/6 recorded them has neither. */
        @JsonInclude(JsonInclude.Include.NON_NULL)
        String pinnableCpuList;
        @JsonInclude(JsonInclude.Include.NON_NULL)
        String pinnableWhy;
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty(access = JsonProperty.Access.READ_ONLY)
        Object platform;
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty(access = JsonProperty.Access.READ_ONLY)
        Object cpuPair;
    }

    /** The kernel's counts on the measured CPUs: {producer's, consumer's}, -1 where not stored. */
    @NumbersRequired(except = {"producerAllocatedBytes", "consumerAllocatedBytes", "heapUsedAtStartBytes",
        "heapUsedAtEndBytes", "heapMaxBytes"})
    abstract static class WindowMixIn {
        @JsonSerialize(converter = PairTree.class)
        @JsonDeserialize(converter = PairOf.class)
        long[] timerInterrupts;
        @JsonSerialize(converter = PairTree.class)
        @JsonDeserialize(converter = PairOf.class)
        long[] stealMs;
        /** Only where a collector paused in the window: results stored before they were recorded read as written. */
        @JsonInclude(JsonInclude.Include.NON_EMPTY)
        Object gcPauses;
    }

    /** Each of a collector's pauses' numbers is required. */
    abstract static class PausesMixIn {
        @JsonCreator
        PausesMixIn(@JsonProperty(value = "collector", required = true) String collector,
                    @JsonProperty(value = "count", required = true) long count,
                    @JsonProperty(value = "totalMs", required = true) long totalMs,
                    @JsonProperty(value = "longestMs", required = true) long longestMs) {
        }
    }

    /** Unread messages were counted as lost before run/7: absent there, and written only where there are some. */
    @NumbersRequired(except = "unread")
    abstract static class MessagesMixIn {
        @JsonInclude(JsonInclude.Include.NON_DEFAULT)
        long unread;
    }

    abstract static class QueueMixIn {
        @JsonInclude(JsonInclude.Include.NON_NULL)
        Object pretouch;
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    abstract static class NullsLeftOut {
    }

    /** Its latencies and warning are read by hand. */
    @NumbersRequired
    abstract static class FloorMixIn {
        @JsonSerialize(converter = LatencyTree.class)
        @JsonProperty(access = JsonProperty.Access.READ_ONLY)
        Latency intended;
        @JsonSerialize(converter = LatencyTree.class)
        @JsonProperty(access = JsonProperty.Access.READ_ONLY)
        Latency actual;
        @JsonSerialize(converter = WarningWords.class)
        @JsonProperty(access = JsonProperty.Access.READ_ONLY)
        Warning warning;
    }

    /** Its JVM and floor are read by hand. */
    @NumbersRequired
    @JsonPropertyOrder({"startedAt", "finishedAt", "jvm", "producerCpu", "consumerCpu", "ratePerSecond"})
    abstract static class FloorCellMixIn {
        @JsonProperty("ratePerSecond")
        long rate;
        @JsonProperty(access = JsonProperty.Access.READ_ONLY)
        Object jvm;
        @JsonProperty(access = JsonProperty.Access.READ_ONLY)
        Object floor;
    }

    abstract static class IdMixIn {
        @JsonValue
        String id;
    }

    /** Its preemptors and counters are read by hand (TailJson), the counters written by hand too. */
    abstract static class EvidenceMixIn {
        @JsonProperty(access = JsonProperty.Access.READ_ONLY)
        Object preemptors;
        @JsonIgnore
        Object producer;
        @JsonIgnore
        Object consumer;
    }

    /**
     * Its clock reads, steps by length and causes are written by hand, after these, and read by hand, with the
     * largest stalls (TailJson).
     */
    @NumbersRequired(except = {"writeCount", "writeNs", "clockReadP50Ns", "clockReadP99Ns"})
    @JsonPropertyOrder({"thresholdNs", "count", "totalNs", "maxNs", "reads", "writeCount", "writeNs", "complete"})
    @JsonIgnoreProperties({"clockReadP50Ns", "clockReadP99Ns", "byLength", "byWhy", "perSecondMaxWhy"})
    abstract static class StallsMixIn {
        @JsonProperty(access = JsonProperty.Access.READ_ONLY)
        Object largest;
    }

    /** Its percentile and counts by cause are read by hand (TailJson). */
    @NumbersRequired(except = {"notJvm", "tool"})
    @JsonIgnoreProperties({"percentile", "why"})
    abstract static class BeyondMixIn {
    }

    abstract static class WhyMixIn {
        @JsonValue
        public abstract String id();
    }

    abstract static class CellIdMixIn {
        @JsonCreator
        public static CellId parse(String id) {
            return null;
        }

        @JsonValue
        public abstract String toString();
    }

    /** Its settings, auto, a capacity search's budgets and the share are read by hand (MatrixPlanJson). */
    @JsonPropertyOrder({"tool", "runId", "startedAt", "configFile", "settings", "jvms", "cells", "capacity", "auto",
        "hostFloor", "share"})
    abstract static class PlanMixIn {
        @JsonSerialize(converter = PlanSettings.class)
        @JsonProperty(access = JsonProperty.Access.READ_ONLY)
        Settings settings;
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty(access = JsonProperty.Access.READ_ONLY)
        Object share;
        @JsonProperty(access = JsonProperty.Access.READ_ONLY)
        Object auto;
    }

    abstract static class CapacityMixIn {
        @JsonProperty(access = JsonProperty.Access.READ_ONLY)
        Object budgets;
    }

    abstract static class BudgetMixIn {
        @JsonSerialize(converter = PercentileName.class)
        double percentile;
    }

    @NumbersRequired(except = {"looksTaken", "rounds", "spentNs", "wallNs"})
    abstract static class AutoMixIn {
        /** None in a matrix of a version that counted the cells' own time: it reads back as stored. */
        @JsonInclude(JsonInclude.Include.NON_DEFAULT)
        long wallNs;
    }

    static final class ReleaseWords extends StdConverter<JvmRelease.Build, String> {
        @Override
        public String convert(JvmRelease.Build b) {
            return JvmWords.release(b);
        }
    }

    static final class WarningWords extends StdConverter<Warning, String> {
        @Override
        public String convert(Warning w) {
            return RunWords.text(w);
        }
    }

    static final class LatencyTree extends StdConverter<Latency, JsonNode> {
        @Override
        public JsonNode convert(Latency l) {
            return PartJson.latency(l);
        }
    }

    static final class PairTree extends StdConverter<long[], Map<String, Long>> {
        @Override
        public Map<String, Long> convert(long[] v) {
            Map<String, Long> pair = new LinkedHashMap<>();
            pair.put("producerCpu", v[0]);
            pair.put("consumerCpu", v[1]);
            return pair;
        }
    }

    /** A number field takes a number: Jackson's own takes the strings "NaN" and "Infinity" even without coercion. */
    static final class NumbersOnly extends StdScalarDeserializer<Double> {
        NumbersOnly(Class<Double> type) {
            super(type);
        }

        @Override
        public Double deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            if (!p.currentToken().isNumeric()) {
                return (Double) ctxt.handleUnexpectedToken(handledType(), p);
            }
            return p.getDoubleValue();
        }
    }

    static final class PairOf extends StdConverter<Map<String, Long>, long[]> {
        @Override
        public long[] convert(Map<String, Long> pair) {
            return new long[] {pair.getOrDefault("producerCpu", -1L), pair.getOrDefault("consumerCpu", -1L)};
        }
    }

    static final class PercentileName extends StdConverter<Double, String> {
        @Override
        public String convert(Double p) {
            return Percentile.of(p).name();
        }
    }

    static final class PlanSettings extends StdConverter<Settings, JsonNode> {
        @Override
        public JsonNode convert(Settings s) {
            return SettingsJson.plan(s);
        }
    }
}
