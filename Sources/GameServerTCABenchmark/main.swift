// Run with `swift run -c release tca-benchmark [--quick] [--only KEY]`.

#if DEBUG
  print("⚠️  WARNING: DEBUG BUILD, NOT OPTIMIZED. These numbers are meaningless; run with -c release.")
#endif

let settings = Settings(arguments: CommandLine.arguments)
var report = Report()

if settings.runs("floor") { report.add(floorCase(settings)) }
if settings.runs("root") { report.add(rootSendCase(settings)) }
if settings.runs("observed") { report.add(observedRootSendCase(settings)) }
if settings.runs("nested") { report.add(nestedScopeCase(settings)) }
if settings.runs("scoped") { report.add(scopedStoreCase(settings)) }
if settings.runs("ifLet") { report.add(nestedIfLetCase(settings)) }
for count in [1_000, 10_000, 100_000] where settings.runs("forEach\(count)") {
  report.add(forEachCase(settings, count: count))
}
for count in [1_000, 100_000] where settings.runs("floorForEach\(count)") {
  report.add(forEachFloorCase(settings, count: count))
}
if settings.runs("effect-actor") { report.add(await effectOnStoreActorCase(settings)) }
if settings.runs("effect-main") { report.add(await effectOnMainActorCase(settings)) }
if settings.runs("timer") { report.add(await timerRearmCase(settings)) }
if settings.runs("timer-scheduled") { report.add(await scheduledTimerRearmCase(settings)) }
if settings.runs("testStore") { report.add(await testStoreCase(settings)) }

print()
print(report.markdown)
#if DEBUG
  print("\n⚠️  WARNING: DEBUG BUILD, NOT OPTIMIZED. These numbers are meaningless.")
#endif
