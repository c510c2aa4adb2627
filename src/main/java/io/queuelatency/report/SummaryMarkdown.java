package io.queuelatency.report;

import io.queuelatency.decide.Analysis;
import io.queuelatency.decide.MatrixData;
import io.queuelatency.result.Definition;
import io.queuelatency.result.HostFindings;
import io.queuelatency.words.HostWords;
import java.util.List;

/** summary.md, rendered from the {@link Analysis}. */
public final class SummaryMarkdown {
    static final String FILE_NAME = "summary.md";

    private SummaryMarkdown() {
    }

    /** The whole summary: the answer first, then the evidence; a sweep gives each slice its own answer and evidence. */
    static String render(MatrixData data, List<Analysis> slices, List<ProfilesReport.View> profiles,
            java.util.Map<String, String> missingFigures) {
        Markdown md = new Markdown();
        HostFindings check = data.hostCheck();
        answer(md, data, slices, profiles, check, missingFigures);
        MethodMarkdown.measured(md, data, slices);
        boolean sweep = slices.size() > 1;
        for (int i = 0; i < slices.size(); i++) {
            Analysis a = slices.get(i);
            Markdown slice = new Markdown();
            TablesMarkdown.table3(slice, a, Definition.HEADLINE);
            TablesMarkdown.table2(slice, a);
            VerdictsMarkdown.verdicts(slice, a);
            ProfilesMarkdown.section(slice, profiles.get(i));
            FloorMarkdown.floor(slice, a);
            TailMarkdown.tail(slice, a, missingFigures);
            GcMarkdown.gcInWindow(slice, a.data);
            for (Definition d : a.measured()) {
                if (d != Definition.HEADLINE) {
                    TablesMarkdown.table3(slice, a, d);
                }
            }
            TablesMarkdown.stages(slice, a);
            TablesMarkdown.runsSideBySide(slice, a);
            if (sweep) {
                md.paragraph("## Slice: " + a.data.slice.label());
                md.raw(slice.toString().replace("\n## ", "\n### ").replaceFirst("^## ", "### "));
            } else {
                md.raw(slice.toString());
            }
        }
        MatrixSections.warnings(md, data);
        MatrixSections.hostCheck(md, check);
        MatrixSections.environment(md, data);
        MatrixSections.table1(md, data);
        figures(md, data, slices, missingFigures);
        md.line("Numbers are data, not conclusions: the verdicts above say which differences the runs support.");
        return md.toString();
    }

    /** The first screen: the title, the host's verdict, "Which JVM on this host?", Figure 1 and one paragraph. */
    private static void answer(Markdown md, MatrixData data, List<Analysis> slices, List<ProfilesReport.View> profiles,
            HostFindings check, java.util.Map<String, String> missingFigures) {
        md.paragraph("# JVM latency matrix " + data.plan.runId);
        md.paragraph("**Host: " + (check == null ? "not checked" : HostWords.headline(check)) + ".**");
        md.paragraph("## Which JVM on this host?");
        boolean sweep = slices.size() > 1;
        for (Analysis a : slices) {
            if (sweep) {
                md.paragraph("**" + a.data.slice.label() + ".**");
            }
            AnswerMarkdown.table(md, a);
            if (sweep) {
                String tail = AnswerMarkdown.tail(a);
                if (!tail.isEmpty()) {
                    md.paragraph(tail);
                }
            }
        }
        for (Analysis a : slices) {
            String of = sweep ? ", " + a.data.slice.label() : "";
            String suffix = sweep ? a.data.slice.suffix() : "";
            figure(md, missingFigures, FigureData.hasData(a), "Figure 1: the median per JVM" + of,
                    "Median latency per JVM" + of, FigureData.file(FigureData.MEDIAN_PNG, suffix));
        }
        AnswerMarkdown.paragraphLines(data, slices).forEach(md::line);
        for (ProfilesReport.View v : profiles) {
            String why = ProfilesReport.firstScreen(v);
            if (!why.isEmpty()) {
                md.line(why);
            }
        }
        md.line();
    }

    private static void figures(Markdown md, MatrixData data, List<Analysis> slices,
            java.util.Map<String, String> missingFigures) {
        boolean sweep = slices.size() > 1;
        md.paragraph("## Figures");
        md.paragraph("Table 3's estimates and intervals (not the verdicts'). Figures 1 and 2, the JVMs in the answer's "
                + "order: each JVM's median of the runs as its marker, the interval as a bar, every run as a dot, the "
                + "host's floor as a grey dash. The others: each JVM's estimates as a line, in its colour and marker.");
        if (!missingFigures.isEmpty()) {
            md.paragraph("**Figures not drawn:** " + missingFigures.size()
                    + ", named below; every number they would show is in the tables. Why: "
                    + String.join("; and ", new java.util.LinkedHashSet<>(missingFigures.values())) + ".");
        }
        for (Analysis a : slices) {
            String suffix = sweep ? a.data.slice.suffix() : "";
            String of = sweep ? ", " + a.data.slice.label() : "";
            figure(md, missingFigures, FigureData.hasData(a), "Figure 2: p99.99 per JVM" + of,
                    "p99.99 latency per JVM" + of, FigureData.file(FigureData.P9999_PNG, suffix));
            figure(md, missingFigures, FigureData.hasData(a), "Figure 3: every reported percentile per JVM" + of,
                    "Latency by percentile" + of, FigureData.file(FigureData.PERCENTILES_PNG, suffix));
        }
        for (String[] figure : FigureData.dimensionFigures(data)) {
            figure(md, missingFigures, true, figure[0], figure[0], figure[1]);
        }
    }

    /** "Figure 1: ... ![...](median.png)"; where not drawn or with nothing to draw, its name and why. */
    private static void figure(Markdown md, java.util.Map<String, String> missing, boolean hasData, String caption,
            String alt, String file) {
        md.paragraph(!hasData ? caption + ": nothing to draw, no JVM has a valid run (no " + file + ")."
                : missing.containsKey(file) ? caption + ": not drawn (" + file + ")."
                : caption + ". ![" + alt + "](" + file + ")");
    }
}
