package io.queuelatency.cli;

import io.queuelatency.store.ResultFiles;
import io.queuelatency.store.RunMarker;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The directories a command writes its results into: created with one clear line when they cannot be. */
public final class OutputDirs {
    private OutputDirs() {
    }

    /** Creates {@code dir}'s parents and {@code dir}; a path that cannot be created is bad input, said in one line. */
    public static Path create(String option, Path dir) {
        return create(option, dir, dir);
    }

    /** The same, for a directory {@code dir} needed for what the user gave as {@code given}. */
    public static Path create(String option, Path dir, Path given) {
        try {
            return Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UsageError(option + " " + given + ": cannot create " + dir + ": " + why(e));
        }
    }

    /** {@code given}, else {@code byDefault}, made absolute; one that exists already is a usage error. */
    public static Path fresh(Path given, Path byDefault) {
        Path dir = (given != null ? given : byDefault).toAbsolutePath();
        if (Files.exists(dir)) {
            throw new UsageError("--output " + dir + " exists already: name a new directory");
        }
        return dir;
    }

    /** The hidden staging directory a run fills before it is renamed to {@code finalDir}. */
    public static Path createStaging(Path finalDir) {
        create("--output", finalDir.getParent(), finalDir);
        Path staging = ResultFiles.stagingFor(finalDir);
        try {
            Files.createDirectory(staging);
            RunMarker.write(staging);
            return staging;
        } catch (FileAlreadyExistsException e) {
            throw new UsageError("--output " + finalDir + ": " + staging + " exists: another run is writing there, "
                    + "or one was killed (remove it if so)");
        } catch (IOException e) {
            throw new UsageError("--output " + finalDir + " cannot be created: " + why(e));
        }
    }

    /** The default --output of a single run: reports/runs/<yyyyMMdd-HHmmss>-jdk<N>, numbered when taken. */
    public static Path defaultRunOutput(int major, String suffix) {
        Path runs = java.nio.file.Paths.get("reports", "runs").toAbsolutePath();
        String base = now() + "-jdk" + major + suffix;
        Path dir = runs.resolve(base);
        for (int n = 2; Files.exists(dir) || Files.exists(ResultFiles.stagingFor(dir)); n++) {
            dir = runs.resolve(base + "-" + n);
        }
        return dir;
    }

    /** Now as a default output directory names it: 20261129-141502. */
    public static String now() {
        return new java.text.SimpleDateFormat("yyyyMMdd-HHmmss", java.util.Locale.ROOT).format(new java.util.Date());
    }

    /** "permission denied", "/a/b is a file", rather than the exception's class name. */
    static String why(IOException e) {
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied (" + e.getMessage() + ")";
        }
        if (e instanceof java.nio.file.NoSuchFileException) {
            return "no such directory, and it cannot be made (" + e.getMessage() + ")";
        }
        if (e instanceof FileAlreadyExistsException) {
            return e.getMessage() + " is a file, not a directory";
        }
        if (e instanceof java.nio.file.FileSystemException
                && ((java.nio.file.FileSystemException) e).getReason() != null) {
            return ((java.nio.file.FileSystemException) e).getReason() + " (" + e.getMessage() + ")";
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
