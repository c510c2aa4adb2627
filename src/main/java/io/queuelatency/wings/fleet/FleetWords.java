package io.queuelatency.wings.fleet;

import io.queuelatency.decide.HostFloor;
import io.queuelatency.decide.MatrixData;
import io.queuelatency.report.Words;
import io.queuelatency.result.Percentile;
import io.queuelatency.stats.RankSum;
import io.queuelatency.text.Units;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** A fleet report's words: how the types' verdicts of a pair agree, a host's status, why hosts were pooled. */
final class FleetWords {
    /** How many pairs' details a line gives. */
    private static final int DETAILS = 3;

    private FleetWords() {
    }

    /** Each agreement in a few words, in its order, as summary.md's pair table says it. */
    private static final String[] AGREEMENTS = {"decided the same way on every type",
        "decided on some types, not contradicted on the others", "decided opposite ways",
        "undetermined (no type decides its order)"};
    /** Each pool's side of a pair, in its order. */
    private static final String[] SIDES = {"faster", "slower", "equivalent", "undecided", "no verdict"};

    static String agreement(FleetRanking.Agreement a) {
        return AGREEMENTS[a.ordinal()];
    }

    /** "at p50, of the 1 pair of JVMs measured on A and B: 1 decided ...: ...": counts, then up to three pairs. */
    static String rankLine(List<FleetRanking.RankedPair> all, MatrixData.Slice s, Percentile p) {
        List<FleetRanking.RankedPair> pairs = all.stream().filter(pair -> pair.slice.equals(s)
                && pair.percentile.equals(p)).collect(Collectors.toList());
        List<String> pools = pairs.stream().flatMap(pair -> pair.places.stream()).map(place -> place.pool.name)
                .distinct().collect(Collectors.toList());
        List<String> counts = new ArrayList<>();
        List<FleetRanking.RankedPair> shown = new ArrayList<>();
        for (FleetRanking.Agreement a : new FleetRanking.Agreement[] {FleetRanking.Agreement.OPPOSITE,
            FleetRanking.Agreement.SOME, FleetRanking.Agreement.UNDETERMINED, FleetRanking.Agreement.SAME}) {
            List<FleetRanking.RankedPair> of = pairs.stream().filter(pair -> pair.agreement == a)
                    .collect(Collectors.toList());
            if (!of.isEmpty()) {
                counts.add(of.size() + " " + agreement(a));
            }
            of.stream().limit(DETAILS - shown.size()).forEach(shown::add);
        }
        String details = shown.stream().map(FleetWords::pairWords).collect(Collectors.joining("; "));
        return String.format(Locale.ROOT, "at %s, of the %s of JVMs measured on %s: %s: %s%s", p.name(),
                Units.count(pairs.size(), "pair"), String.join(" and ", pools), String.join("; ", counts), details,
                pairs.size() > shown.size() ? "; the others in the pair-by-pair table" : "");
    }

    /** "a and b: on A undecided (a/b 0.98 [0.74, 1.30]), on B a slower by 12% [0.33%, 25%]": type by type. */
    static String pairWords(FleetRanking.RankedPair pair) {
        return pair.first + " and " + pair.second + ": " + pair.places.stream().map(place -> "on " + place.pool.name
                + " " + verdict(pair, place)).collect(Collectors.joining(", "));
    }

    static String verdict(FleetRanking.RankedPair pair, FleetRanking.PoolPlace place) {
        switch (place.side) {
            case FIRST_FASTER:
                return pair.second + " slower by " + Words.slowerBy(1 / place.ratio, 1 / place.high, 1 / place.low);
            case SECOND_FASTER:
                return pair.first + " slower by " + Words.slowerBy(place.ratio, place.low, place.high);
            default:
                return side(place.side) + (Double.isNaN(place.ratio) ? ""
                        : " (" + pair.first + "/" + pair.second + " " + ratio(place) + ")");
        }
    }

    static String ratio(FleetRanking.PoolPlace place) {
        return Double.isNaN(place.ratio) ? "n/a" : Units.ratio(place.ratio) + (Double.isNaN(place.low) ? ""
                : " [" + Units.ratio(place.low) + ", " + Units.ratio(place.high) + "]");
    }

    static String side(FleetRanking.PairSide s) {
        return SIDES[s.ordinal()];
    }

    /** A host's status: reported (and how much), failed, skipped, not finished, corrupt; with why. */
    static String status(FleetData.HostDir h) {
        if (h.corrupt != null) {
            return "corrupt: " + h.corrupt;
        }
        if (h.failed != null) {
            return "failed: " + h.failed + (h.reported() ? " (its report holds what it finished)" : "");
        }
        if (h.skipped != null) {
            return "skipped: " + h.skipped;
        }
        if (h.unfinished) {
            return "no report: the playbook did not finish on it (its SSH connection dropped, or the playbook was "
                    + "stopped): run the playbook again";
        }
        int cells = h.data.cells.size();
        long finished = h.data.cells.stream().filter(c -> c.outcome != null).count();
        return finished == cells ? "reported: " + cells + " cells" : "reported: " + finished + " of " + cells
                + " cells finished (--resume finishes it)";
    }

    /** "7 floor cells", or "8 floors inside its JVMs" (a matrix stored before floor cells); "none". */
    static String floors(FleetData.HostDir h) {
        HostFloor f = h.alone.hostFloor;
        int n = f.floors.size();
        return n == 0 ? "none" : f.source == HostFloor.Source.IN_EACH_JVM ? Units.count(n, "floor") + " inside its JVMs"
                : Units.count(n, "floor cell");
    }

    /** Why a pool stands apart from its type's other hosts; null where it is its type's only pool. */
    static String apart(HostGroup g, HostGroup.Pooled p) {
        if (g.pools.size() < 2) {
            return null;
        }
        if (p.chain != null) {
            return "reported alone: its hosts and others form a chain, each like the next, yet " + p.chain.first.name
                    + " and " + p.chain.second.name + " are told apart (" + pair(p.chain) + "), so none of them is "
                    + "pooled";
        }
        List<String> others = new ArrayList<>();
        HostPair first = null;
        for (HostPair c : p.against) {
            for (FleetData.HostDir h : new FleetData.HostDir[] {c.first, c.second}) {
                if (!p.hosts.contains(h) && !others.contains(h.name)) {
                    others.add(h.name);
                }
            }
            first = first == null && !c.alike() ? c : first;
        }
        return "told apart from " + String.join(", ", others) + (first == null ? "" : ": " + pair(first));
    }

    /** Why two hosts of one type were kept apart, or why they could be pooled, from their comparison's facts. */
    static String pair(HostPair c) {
        switch (c.apart) {
            case SETTINGS:
                return "their matrices' settings differ: " + String.join(", ", c.detail);
            case FLOOR_METHOD:
                return "their floors were measured otherwise (floor cells in one, inside each JVM in the other)";
            case TOOL:
                return "another build of the tool (" + c.detail.get(0) + " on " + c.first.name + ", "
                        + c.detail.get(1) + " on " + c.second.name + "): hosts are not pooled across builds";
            case NO_FLOOR:
                return "no floor measured on " + String.join(" and ", c.detail) + ": the floors cannot be compared";
            case RANK_TEST:
                return "their floors at " + c.toldApartAt.name() + " differ: " + tests(c);
            case MARGIN:
                return "their floors' medians at p50 are " + Units.shareAgainst(c.medianRatio - 1, HostPair.MARGIN)
                        + " apart, more than " + Units.share(HostPair.MARGIN) + " (" + tests(c) + ")";
            default:
                return "cannot be told apart: " + tests(c) + "; medians at p50 " + Units.shareAgainst(
                        c.medianRatio - 1, HostPair.MARGIN) + " apart (" + Units.share(HostPair.MARGIN) + " allowed)";
        }
    }

    /** "rank test p 42% at p50, 63% at p99 (8 and 8 floors; each held to 0.83%)", or why a rank test cannot tell. */
    private static String tests(HostPair c) {
        RankSum t0 = c.tests.get(0);
        String counts = t0.n1 + " and " + t0.n2 + (c.first.alone.hostFloor.source == HostFloor.Source.IN_EACH_JVM
                ? " floors" : " floor cells");
        if (!c.rankTestCanTell()) {
            return counts + ": a rank test cannot tell floors apart below " + Units.share(RankSum.smallestP(t0.n1,
                    t0.n2)) + " (the level here " + Units.share(c.level) + "): on the p50 margin alone";
        }
        String ps = java.util.stream.IntStream.range(0, c.tests.size()).mapToObj(i -> Units.shareAgainst(
                c.tests.get(i).p, c.level) + " at " + HostPair.FLOOR_CHECKED.get(i).name())
                .collect(Collectors.joining(", "));
        return "rank test p " + ps + " (" + counts + "; each held to " + Units.share(c.level) + ")";
    }
}
